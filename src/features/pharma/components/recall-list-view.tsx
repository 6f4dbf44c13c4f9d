/**
 * /recall: recall campaigns with their level, legal deadline (days left, or how late, in words),
 * returned against shipped and how many customers are overdue; "Mở đợt thu hồi" opens one from a
 * registration number, or from the lot the warehouse's lot drawer sent here (`lot` in the URL).
 */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RECALL_STATUS_LABELS, RECALL_STATUSES, type RecallRecord, type RecallStatus } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { useRecalls } from '../api/recall-api';
import type { RecallFilter } from '../model/recall-search';
import { DeadlineBadge, RecallStatusBadge } from './recall-badges';
import { RecallOpenDialog } from './recall-open-dialog';

const returnedText = (row: RecallRecord) => `${formatNumber(row.returned)} / ${formatNumber(row.shipped)}`;

export function RecallListView(props: ListScreenProps<RecallFilter>) {
  const { companyId, filter } = props;
  const today = vietnamDay();
  const recalls = useRecalls(companyId, filter);
  const canOpen = useCan('warehouse', 'approve');
  const [opening, setOpening] = useState(false);
  const controls = filterControls(filter, props.onFilter);
  const code = (row: RecallRecord) => (
    <AnchorLink to="/recall/$id" params={{ id: String(row.id) }} fw={600} data-testid="recall-open-link">
      {row.code}
    </AnchorLink>
  );
  const overdue = (row: RecallRecord) => (row.overdue_customers > 0 ? `${row.overdue_customers} khách quá hạn` : '');
  const rows: RowsSpec<RecallRecord> = {
    testId: 'recall',
    rowProps: (row) => ({ 'data-code': row.code, 'data-status': row.status }),
    card: (row) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          {code(row)}
          <RecallStatusBadge status={row.status} />
        </Group>
        <Text size="sm">
          {row.product_name} · lô {row.lot_nos.join(', ')}
        </Text>
        <Group justify="space-between">
          <DeadlineBadge deadline={row.deadline} today={today} status={row.status} />
          <Text size="sm">Đã thu hồi {returnedText(row)}</Text>
        </Group>
        {overdue(row) && (
          <Text size="sm" c="red">
            {overdue(row)}
          </Text>
        )}
      </Stack>
    ),
    minWidth: 980,
    columns: [
      { key: 'code', label: 'Đợt', nowrap: true, cell: code, sub: (row) => `Mức độ ${row.level}` },
      {
        key: 'product',
        label: 'Sản phẩm / lô',
        cell: (row) => row.product_name,
        sub: (row) => `Lô ${row.lot_nos.join(', ')}`,
        maxWidth: 300,
      },
      { key: 'decision', label: 'Quyết định', cell: (row) => row.decision_number, sub: (row) => formatDate(row.decision_date) },
      {
        key: 'deadline',
        label: 'Hạn hoàn thành',
        nowrap: true,
        cell: (row) => formatDate(row.deadline),
        sub: (row) => <DeadlineBadge deadline={row.deadline} today={today} status={row.status} />,
      },
      { key: 'returned', label: 'Đã thu hồi / đã giao', align: 'right', nowrap: true, cell: returnedText, sub: overdue },
      { key: 'customers', label: 'Khách hàng', align: 'right', cell: (row) => formatNumber(row.customer_count) },
      { key: 'status', label: 'Trạng thái', cell: (row) => <RecallStatusBadge status={row.status} /> },
    ],
  };
  return (
    <ListPage
      screen={{ filter, onFilter: props.onFilter, isMobile: props.isMobile }}
      search={{ label: 'Tìm đợt thu hồi', placeholder: 'Mã đợt, số quyết định, số lô, số đăng ký…', testId: 'recall-search' }}
      actions={
        canOpen && (
          <Button onClick={() => setOpening(true)} data-testid="recall-new">
            Mở đợt thu hồi
          </Button>
        )
      }
      header={
        <Group>
          <Select
            label="Trạng thái"
            placeholder="Tất cả"
            data={RECALL_STATUSES.map((status) => ({ value: status, label: RECALL_STATUS_LABELS[status] }))}
            value={filter.status ?? null}
            onChange={(next) => controls.change({ status: (next ?? undefined) as RecallStatus | undefined })}
            clearable
            data-testid="recall-filter-status"
          />
        </Group>
      }
      query={recalls}
      empty={{
        title: filter.search || filter.status ? 'Không có đợt thu hồi phù hợp' : 'Chưa có đợt thu hồi nào',
        description: 'Mở một đợt từ số đăng ký, hoặc từ một lô trong Kho → Lô hàng.',
      }}
      rows={rows}
      pager={{ noun: 'đợt thu hồi', sizes: [10, 20, 50], testId: 'recall-pager' }}
      footer={
        canOpen && (
          <RecallOpenDialog
            companyId={companyId}
            opened={opening || filter.lot !== undefined}
            lotId={filter.lot ?? null}
            onClose={() => {
              setOpening(false);
              if (filter.lot !== undefined) props.onFilter({ ...filter, lot: undefined });
            }}
          />
        )
      }
    />
  );
}
