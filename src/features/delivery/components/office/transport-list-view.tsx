/**
 * /transport: the company's delivery orders on the list-page kit, with the spec's filter in the URL
 * (model/transport-filter.ts): search (codes, receiver), status tabs counted by orderdlo/counts/,
 * the date range, the carrier, the print status and the COD reconciliation's state. Rows can be
 * checked and their labels printed at once; a row opens its detail in a drawer. The list needs the
 * server (no device copy).
 */
import { Badge, Button, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPrinter } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  CARRIER_LABELS,
  CARRIERS,
  LABEL_SIZE_LABELS,
  LABEL_SIZES,
  PRINT_STATUS_LABELS,
  PRINT_STATUSES,
  type DeliveryRecord,
  type LabelSize,
} from '@contract/delivery';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUSES, type DeliveryStatus } from '@contract/delivery-status';
import { formatMoney } from '@contract/money';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { FilterDateRange } from '@/ui/filter-date-range';
import { FilterPanel } from '@/ui/filter-panel';
import { CardHead } from '@/ui/list-page/card-head';
import { SelectFilters } from '@/ui/list-page/filter-select';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { OfflineNotice } from '@/ui/list-page/offline-notice';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import { toastedWrite } from '@/ui/toasted-write';
import {
  deliveryError,
  isOffline,
  openPrintJobs,
  useDeliveryCounts,
  useDeliveryList,
  useDeliveryWrites,
} from '@/features/delivery/api/delivery-api';
import { COD_STATE_COLORS, COD_STATE_LABELS, carrierLine } from '@/features/delivery/model/delivery-text';
import {
  activeTransportFilterCount,
  applyTransportFilterChange,
  COD_FILTER_LABELS,
  COD_FILTERS,
  compactTransportFilter,
  parseTransportFilter,
  TRANSPORT_PAGE_SIZES,
  type TransportFilter,
} from '@/features/delivery/model/transport-filter';
import { DeliveryDrawer } from './delivery-detail';
import { DeliveryStatusBadge } from './delivery-status-badge';

type Props = { companyId: number; isMobile: boolean };

export function TransportListView({ companyId, isMobile }: Props) {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const router = useRouter();
  const filter = useMemo(() => parseTransportFilter(search), [search]);
  const setFilter = (next: TransportFilter) =>
    void navigate({ to: '/transport', search: compactTransportFilter(next) as never, replace: true });
  const list = useDeliveryList(companyId, filter);
  const counts = useDeliveryCounts(companyId, filter);
  const writes = useDeliveryWrites(companyId);
  const canEdit = useCan('orders', 'edit');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [size, setSize] = useState<LabelSize>('a5');
  const [open, setOpen] = useState<string | null>(null);
  const rowsShown = list.data?.rows ?? [];
  const offline = isOffline(list.error);
  const filtered = Boolean(filter.search) || filter.statusOrderDLO !== undefined || activeTransportFilterCount(filter) > 0;
  const change = (patch: Partial<TransportFilter>) => setFilter(applyTransportFilterChange(filter, patch));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChecked = rowsShown.length > 0 && rowsShown.every((row) => selected.has(row.id));
  const check = (row: DeliveryRecord) => (
    <Checkbox
      checked={selected.has(row.id)}
      onChange={() => toggle(row.id)}
      onClick={(event) => event.stopPropagation()}
      aria-label={`Chọn ${row.code}`}
      data-testid="transport-check"
    />
  );
  const codeCell = (row: DeliveryRecord) => (
    <Text size="sm" fw={600} c="blue" style={{ cursor: 'pointer' }} onClick={() => setOpen(row.id)} data-testid="transport-code">
      {row.code}
    </Text>
  );

  const rows: RowsSpec<DeliveryRecord> = {
    testId: 'transport',
    minWidth: 1100,
    rowProps: (row) => ({ 'data-id': row.id, 'data-code': row.code, 'data-status': row.status }),
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={<DeliveryStatusBadge status={row.status} />}>
          <Group gap="xs" wrap="nowrap">
            {canEdit && check(row)}
            {codeCell(row)}
          </Group>
          <Text size="sm">{row.customer_name}</Text>
        </CardHead>
        <Text size="xs" c="dimmed">
          {carrierLine(row)} · Đơn {row.order_code} · {formatDateTime(row.created_at)}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs">Phí {formatMoney(row.fee)}</Text>
          <Badge size="xs" variant="light" color={COD_STATE_COLORS[row.cod.state]}>
            {COD_STATE_LABELS[row.cod.state]}
          </Badge>
        </Group>
      </Stack>
    ),
    columns: [
      ...(canEdit
        ? [
            {
              key: 'check',
              width: 40,
              ariaLabel: 'Chọn',
              label: (
                <Checkbox
                  checked={allChecked}
                  indeterminate={!allChecked && rowsShown.some((row) => selected.has(row.id))}
                  onChange={() => setSelected(allChecked ? new Set() : new Set(rowsShown.map((row) => row.id)))}
                  aria-label="Chọn tất cả"
                  data-testid="transport-check-all"
                />
              ),
              cell: check,
            },
          ]
        : []),
      { key: 'code', label: 'Mã', nowrap: true, cell: codeCell, sub: (row) => row.tracking_code },
      { key: 'order', label: 'Đơn hàng', nowrap: true, cell: (row) => row.order_code },
      { key: 'customer', label: 'Người nhận', cell: (row) => row.customer_name, sub: (row) => row.receiver.phone, lines: 1, maxWidth: 220 },
      { key: 'carrier', label: 'Hãng', nowrap: true, cell: (row) => CARRIER_LABELS[row.carrier], sub: (row) => row.service_name },
      { key: 'status', label: 'Trạng thái', cell: (row) => <DeliveryStatusBadge status={row.status} /> },
      { key: 'fee', label: 'Phí', align: 'right', nowrap: true, cell: (row) => formatMoney(row.fee) },
      {
        key: 'cod',
        label: 'Thu hộ',
        align: 'right',
        nowrap: true,
        cell: (row) => formatMoney(row.cod_amount),
        sub: (row) => (row.cod.state === 'none' ? null : COD_STATE_LABELS[row.cod.state]),
      },
      { key: 'print', label: 'In', nowrap: true, cell: (row) => PRINT_STATUS_LABELS[row.print_status] },
      { key: 'created', label: 'Ngày tạo', nowrap: true, cell: (row) => formatDateTime(row.created_at) },
    ],
  };

  const statusTabs = [
    allStatusesTab(counts.data?.all),
    ...DELIVERY_STATUSES.filter((status) => status !== 'creating').map((status) => ({
      value: status,
      label: DELIVERY_STATUS_LABELS[status],
      count: counts.data?.[status],
    })),
  ];

  const printSelected = () =>
    void toastedWrite(
      async () => {
        const answer = await writes.print([...selected], size);
        await openPrintJobs(answer.data, (url) => router.history.push(url));
        setSelected(new Set());
        return answer.message ?? 'Đã mở nhãn để in';
      },
      (error) => deliveryError(error, 'Không in được nhãn'),
    );

  return (
    <>
      <ListPage
        screen={{ filter, onFilter: setFilter, isMobile }}
        apply={applyTransportFilterChange}
        search={{ label: 'Tìm đơn vận chuyển', placeholder: 'Mã vận đơn, mã đơn hàng, người nhận…', testId: 'transport-search' }}
        actions={
          <Button
            component={Link}
            to="/connect-dlo"
            variant="default"
            leftSection={<IconPlugConnected size={18} />}
            data-testid="transport-connect"
          >
            {isMobile ? 'Kết nối' : 'Kết nối giao vận'}
          </Button>
        }
        nowrap
        header={
          <>
            <StatusTabs
              tabs={statusTabs}
              value={filter.statusOrderDLO}
              onChange={(next) => change({ statusOrderDLO: next as DeliveryStatus | undefined })}
              testId="transport"
            />
            <FilterPanel
              active={activeTransportFilterCount(filter)}
              onClear={() => change({ dateRange: undefined, printStatus: undefined, typeFilterTransport: undefined, cod: undefined })}
              isMobile={isMobile}
              cols={4}
              toggleTestId="transport-filter-toggle"
              clearTestId="transport-filter-clear"
            >
              <FilterDateRange
                label="Ngày tạo"
                value={[filter.dateRange?.[0] ?? undefined, filter.dateRange?.[1] ?? undefined]}
                onChange={([from, to]) => change({ dateRange: from || to ? [from ?? null, to ?? null] : undefined })}
                isMobile={isMobile}
                data-testid="transport-filter-dates"
              />
              <SelectFilters
                filter={filter}
                onChange={change}
                fields={[
                  {
                    field: 'typeFilterTransport',
                    label: 'Hãng vận chuyển',
                    all: 'hãng',
                    data: CARRIERS.map((value) => ({ value, label: CARRIER_LABELS[value] })),
                    testId: 'transport-filter-carrier',
                  },
                  {
                    field: 'printStatus',
                    label: 'Trạng thái in',
                    data: PRINT_STATUSES.map((value) => ({ value, label: PRINT_STATUS_LABELS[value] })),
                    testId: 'transport-filter-print',
                  },
                  {
                    field: 'cod',
                    label: 'Đối soát thu hộ',
                    data: COD_FILTERS.map((value) => ({ value, label: COD_FILTER_LABELS[value] })),
                    testId: 'transport-filter-cod',
                  },
                ]}
              />
            </FilterPanel>
            {selected.size > 0 && (
              <Group gap="xs" data-testid="transport-bulk">
                <Text size="sm">Đã chọn {selected.size} đơn</Text>
                <Select
                  size="xs"
                  w={160}
                  data={LABEL_SIZES.map((value) => ({ value, label: LABEL_SIZE_LABELS[value] }))}
                  value={size}
                  onChange={(value) => value && setSize(value as LabelSize)}
                  allowDeselect={false}
                  aria-label="Khổ nhãn"
                />
                <Button size="xs" leftSection={<IconPrinter size={16} />} onClick={printSelected} data-testid="transport-print">
                  In nhãn
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                  Bỏ chọn
                </Button>
              </Group>
            )}
          </>
        }
        query={list}
        error={
          offline && (
            <OfflineNotice testId="transport-offline">
              Không có kết nối mạng: đơn vận chuyển cần máy chủ. Vui lòng thử lại khi có mạng.
            </OfflineNotice>
          )
        }
        empty={{
          title: filtered ? 'Không có đơn vận chuyển phù hợp' : 'Chưa có đơn vận chuyển nào',
          description: filtered
            ? 'Thử đổi từ khóa, trạng thái hoặc bộ lọc.'
            : 'Mở một đơn hàng đã xác nhận và chọn "Tạo đơn vận chuyển" để so sánh phí và đặt giao.',
        }}
        rows={rows}
        pager={{ noun: 'đơn vận chuyển', sizes: TRANSPORT_PAGE_SIZES, testId: 'transport-pager', countTestId: 'transport-count' }}
      />
      <DeliveryDrawer
        companyId={companyId}
        id={open}
        isMobile={isMobile}
        onClose={() => setOpen(null)}
        onNavigate={(url) => router.history.push(url)}
      />
    </>
  );
}
