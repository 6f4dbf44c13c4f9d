/**
 * The sync rows: what was pushed to AMIS and what it answered (waiting, synced, failed with AMIS's
 * reason), by status and kind of record, with "Đồng bộ" for what is left to push (how many is
 * shown), "Gửi lại" for failed rows, and the progress of the last push.
 */
import { Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ACCOUNTING_SOURCE_LABELS,
  ACCOUNTING_SOURCES,
  SYNC_STATUS_COLORS,
  SYNC_STATUS_LABELS,
  SYNC_STATUSES,
  type AccountingSource,
  type AccountingSyncRecord,
  type SyncStatus,
} from '@contract/invoices-accounting';
import { formatMoney } from '@contract/money';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate, formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { CardHead } from '@/ui/list-page/card-head';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import { toastedWrite } from '@/ui/toasted-write';
import { useAccountingWrites, useSyncBatch, useSyncCandidates, useSyncList, type SyncFilter } from '@/features/invoices/api/accounting-api';
import { SyncProgress } from './sync-progress';

function SyncBadge({ row }: { row: AccountingSyncRecord }) {
  return (
    <Badge
      color={SYNC_STATUS_COLORS[row.status]}
      variant="light"
      size="sm"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      data-testid="sync-row-status"
      data-status={row.status}
    >
      {SYNC_STATUS_LABELS[row.status]}
    </Badge>
  );
}

export function SyncTab({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const [filter, setFilter] = useState<SyncFilter>({ page: 1, limit: 20, source: 'order' });
  const [batchId, setBatchId] = useState<string | null>(null);
  const source = filter.source ?? 'order';
  const candidates = useSyncCandidates(companyId, source);
  const batch = useSyncBatch(companyId, batchId).data;
  // The rows follow the push as AMIS answers it.
  const list = useSyncList(companyId, filter, batch ? `${batch.id}:${batch.synced}:${batch.failed}` : null);
  const writes = useAccountingWrites(companyId);
  const canPush = useCan('invoices', 'create');
  const canRetry = useCan('invoices', 'edit');
  const counts = list.data?.bonus?.by_status;
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0) : undefined;
  const left = candidates.data?.length ?? 0;

  const run = (write: () => Promise<{ data: { id: string }; message: string }>, failure: string) =>
    void toastedWrite(
      async () => {
        const answer = await write();
        setBatchId(answer.data.id);
        return answer.message;
      },
      (error) => apiErrorMessage(error, failure),
    );

  const rows: RowsSpec<AccountingSyncRecord> = {
    testId: 'sync',
    rowProps: (row) => ({ 'data-id': row.id, 'data-status': row.status, 'data-code': row.source_code }),
    minWidth: 900,
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={<SyncBadge row={row} />}>
          <Text fw={600} size="sm">
            {row.source_code}
          </Text>
          <Text size="sm">{row.partner_name}</Text>
        </CardHead>
        <Text size="xs" c="dimmed">
          {formatDate(row.source_date)} · {formatMoney(row.amount)}
        </Text>
        {row.error_message && (
          <Text size="xs" c="red">
            {row.error_message}
          </Text>
        )}
      </Stack>
    ),
    columns: [
      { key: 'code', label: 'Chứng từ', nowrap: true, cell: (row) => row.source_code, sub: (row) => ACCOUNTING_SOURCE_LABELS[row.source] },
      { key: 'partner', label: 'Đối tượng', cell: (row) => row.partner_name, lines: 2, maxWidth: 260 },
      { key: 'date', label: 'Ngày', nowrap: true, cell: (row) => formatDate(row.source_date) },
      { key: 'amount', label: 'Số tiền', align: 'right', nowrap: true, cell: (row) => formatMoney(row.amount) },
      {
        key: 'status',
        label: 'Trạng thái',
        cell: (row) => <SyncBadge row={row} />,
        sub: (row) => (row.synced_at ? formatDateTime(row.synced_at) : null),
      },
      { key: 'reason', label: 'Lý do từ MISA', cell: (row) => row.error_message ?? '', lines: 2, maxWidth: 320 },
      {
        key: 'actions',
        label: '',
        cell: (row) =>
          canRetry && row.status === 'failed' ? (
            <Button
              size="xs"
              variant="subtle"
              onClick={() => run(() => writes.retry([row.id]), 'Không gửi lại được')}
              data-testid="sync-retry-one"
            >
              Gửi lại
            </Button>
          ) : null,
      },
    ],
  };

  return (
    <Stack gap="md">
      {batch && <SyncProgress batch={batch} />}
      <ListPage
        screen={{ filter, onFilter: setFilter, isMobile }}
        search={{ label: 'Tìm chứng từ', placeholder: 'Tìm theo mã chứng từ, khách hàng…', testId: 'sync-search' }}
        actions={
          <Group gap="xs">
            {canPush && (
              <Button
                leftSection={<IconCloudUpload size={18} />}
                disabled={left === 0}
                onClick={() => run(() => writes.sync(source), 'Không đồng bộ được')}
                data-testid="sync-start"
              >
                {isMobile ? `Đồng bộ (${left})` : `Đồng bộ ${ACCOUNTING_SOURCE_LABELS[source].toLowerCase()} (${left})`}
              </Button>
            )}
            {canRetry && (counts?.failed ?? 0) > 0 && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconRefresh size={18} />}
                onClick={() => run(() => writes.retry(), 'Không gửi lại được')}
                data-testid="sync-retry-failed"
              >
                {isMobile ? 'Gửi lại lỗi' : `Gửi lại ${counts?.failed} dòng lỗi`}
              </Button>
            )}
          </Group>
        }
        header={
          <Stack gap="xs">
            <SegmentedControl
              value={source}
              onChange={(value) => setFilter({ ...filter, page: 1, source: value as AccountingSource })}
              data={ACCOUNTING_SOURCES.map((value) => ({ value, label: ACCOUNTING_SOURCE_LABELS[value] }))}
              data-testid="sync-source"
            />
            <StatusTabs
              tabs={[
                allStatusesTab(all),
                ...SYNC_STATUSES.map((status) => ({
                  value: status,
                  label: SYNC_STATUS_LABELS[status],
                  count: counts ? (counts[status] ?? 0) : undefined,
                })),
              ]}
              value={filter.status}
              onChange={(status) => setFilter({ ...filter, page: 1, status: status as SyncStatus | undefined })}
              testId="sync"
            />
          </Stack>
        }
        query={list}
        empty={{
          title: filter.search || filter.status ? 'Không có chứng từ phù hợp' : 'Chưa đồng bộ chứng từ nào',
          description:
            left > 0
              ? `Có ${left} chứng từ đã hoàn thành chưa gửi sang MISA: bấm "Đồng bộ".`
              : 'Chứng từ hoàn thành sẽ hiện ở đây sau khi gửi sang MISA.',
        }}
        rows={rows}
        pager={{ noun: 'chứng từ', sizes: [20, 50, 100], testId: 'sync-pager', countTestId: 'sync-count' }}
      />
    </Stack>
  );
}
