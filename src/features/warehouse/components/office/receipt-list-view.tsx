/**
 * A list of receipts of one kind (phiếu nhập, xuất, kiểm, chuyển kho) on the list-page kit: search,
 * status tabs counted by the list's `bonus`, date range and warehouse, the totals of the filter,
 * "Xuất Excel" (warehouse/export) and "Tạo phiếu" (warehouse/create); on the import receipts also
 * "Nhập từ Excel" (warehouse/create and approve: the sheet becomes a completed receipt), its dialog
 * fetched when first opened. Every filter is in the URL.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import type { ReceiptRecord } from '@contract/warehouse-receipts';
import { RECEIPT_KIND_LABELS, type ReceiptKind } from '@contract/warehouse-status';
import { ApiError } from '@/api/api-error';
import { AnchorLink } from '@/ui/anchor-link';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { ExportButton } from '@/ui/list-page/export-button';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage, type ListScreen } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { MoneyText } from '@/ui/money-text';
import { exportReceipts, useReceiptList } from '@/features/warehouse/api/receipt-api';
import { errorMessage, useWarehouses } from '@/features/warehouse/api/warehouse-api';
import { onlineDialog } from '@/features/warehouse/components/online-loader';
import type { WarehouseScope } from '@/features/warehouse/model/scope';
import { WAREHOUSE_PAGE_SIZES, warehouseParam, type WarehouseFilter } from '@/features/warehouse/model/warehouse-search';
import { ReceiptStatusBadge } from './badges';
import { CheckCreateDialog } from './check-create-dialog';
import { ReceiptFilters, ReceiptStatusTabs } from './receipt-filters';

type Props = ListScreen<WarehouseFilter> & { scope: WarehouseScope; kind: ReceiptKind };

/** "Nhập kho từ Excel", online-only like this screen, in a file of its own (the sheet reader is big). */
const StockImportDialog = onlineDialog(() =>
  import('@/features/warehouse/components/online/stock-import-dialog').then((module) => module.StockImportDialog),
);

const PARTNER_LABEL: Record<ReceiptKind, string> = { import: 'Người giao', export: 'Người nhận', check: 'Ghi chú', transfer: 'Lý do' };

function partnerOf(kind: ReceiptKind, row: ReceiptRecord): string {
  if (kind === 'check') return row.note ?? '';
  if (kind === 'transfer') return row.reason ?? row.partner_name ?? '';
  return row.partner_name ?? row.order_code ?? '';
}

function warehouseOf(row: ReceiptRecord): string {
  return row.to_warehouse_name ? `${row.warehouse_name} → ${row.to_warehouse_name}` : row.warehouse_name;
}

export function ReceiptListView(props: Props) {
  const { scope, kind, filter } = props;
  const { companyId, isMobile } = scope;
  const warehouse = warehouseParam(filter, scope.active);
  const list = useReceiptList(companyId, kind, filter, warehouse);
  const warehouses = useWarehouses(companyId);
  const canCreate = useCan('warehouse', 'create');
  const canExport = useCan('warehouse', 'export');
  // The sheet is posted as a completed receipt: the server asks for both.
  const canApprove = useCan('warehouse', 'approve');
  const canImport = kind === 'import' && canCreate && canApprove;
  const [checking, setChecking] = useState(false);
  const [importing, setImporting] = useState(false);
  const controls = filterControls(filter, props.onFilter);
  const offline = list.error instanceof ApiError && list.error.isNetwork;
  const label = RECEIPT_KIND_LABELS[kind].toLowerCase();
  const filtered = Boolean(filter.search || filter.status || filter.from);

  const code = (row: ReceiptRecord) => (
    <AnchorLink to="/inventory/receipt/$kind/$id" params={{ kind, id: row.id }} fw={600} data-testid="receipt-code">
      {row.code}
    </AnchorLink>
  );
  const amount = (row: ReceiptRecord) => (kind === 'check' ? '' : <MoneyText value={row.total_amount} size="sm" />);
  const rows: RowsSpec<ReceiptRecord> = {
    testId: 'receipt',
    rowProps: (row) => ({ 'data-code': row.code, 'data-status': row.status }),
    card: (row) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          {code(row)}
          <ReceiptStatusBadge status={row.status} />
        </Group>
        <Text size="sm">{partnerOf(kind, row) || '—'}</Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {formatDate(row.document_date)} · {warehouseOf(row)} · {row.line_count} dòng
          </Text>
          {amount(row)}
        </Group>
      </Stack>
    ),
    minWidth: 900,
    columns: [
      { key: 'code', label: 'Số phiếu', nowrap: true, cell: code },
      { key: 'date', label: 'Ngày', nowrap: true, cell: (row) => formatDate(row.document_date) },
      { key: 'warehouse', label: 'Kho', cell: warehouseOf, maxWidth: 240 },
      {
        key: 'partner',
        label: PARTNER_LABEL[kind],
        cell: (row) => partnerOf(kind, row),
        lines: 2,
        maxWidth: 280,
        sub: (row) => row.source_document,
      },
      { key: 'lines', label: 'Số dòng', align: 'right', cell: (row) => row.line_count },
      { key: 'quantity', label: 'SL cơ bản', align: 'right', nowrap: true, cell: (row) => formatNumber(row.total_quantity) },
      ...(kind === 'check' ? [] : [{ key: 'amount', label: 'Thành tiền', align: 'right' as const, nowrap: true, cell: amount }]),
      { key: 'status', label: 'Trạng thái', cell: (row) => <ReceiptStatusBadge status={row.status} /> },
    ],
  };

  const createButton = canCreate ? (
    kind === 'check' ? (
      <Button leftSection={<IconPlus size={18} />} onClick={() => setChecking(true)} data-testid="receipt-create">
        Tạo phiếu kiểm
      </Button>
    ) : (
      <Button component={Link} to={`/inventory/receipt/${kind}/create`} leftSection={<IconPlus size={18} />} data-testid="receipt-create">
        Tạo phiếu
      </Button>
    )
  ) : null;
  const importButton = canImport && (
    <Button
      variant="default"
      leftSection={isMobile ? undefined : <IconFileImport size={18} />}
      onClick={() => setImporting(true)}
      aria-label="Nhập từ Excel"
      data-testid="stock-import-open"
    >
      {isMobile ? <IconFileImport size={18} /> : 'Nhập từ Excel'}
    </Button>
  );
  const exportButton = canExport && (
    <ExportButton
      run={async () => `Đã tải về ${await exportReceipts(companyId, kind, filter, warehouse, vietnamDay())}`}
      failure={(error) => errorMessage(error, 'Không xuất được danh sách phiếu')}
      offline={offline}
      iconOnly={isMobile}
      testId="receipt-export"
    />
  );

  return (
    <ListPage
      screen={{ filter, onFilter: props.onFilter, isMobile }}
      search={{ label: `Tìm ${label}`, placeholder: 'Tìm theo số phiếu, người giao/nhận, chứng từ…', testId: 'receipt-search' }}
      actions={
        <>
          {exportButton}
          {importButton}
          {createButton}
        </>
      }
      nowrap
      header={
        <>
          <ReceiptStatusTabs
            kind={kind}
            value={filter.status}
            counts={list.data?.bonus.by_status}
            onChange={(status) => controls.change({ status })}
          />
          <ReceiptFilters
            filter={filter}
            onChange={controls.change}
            warehouses={scope.multi ? (warehouses.data ?? []) : null}
            active={scope.active}
            isMobile={isMobile}
          />
        </>
      }
      query={list}
      empty={{
        title: filtered ? `Không có ${label} phù hợp` : `Chưa có ${label} nào`,
        description: filtered ? 'Thử đổi từ khóa, trạng thái hoặc khoảng ngày.' : undefined,
        action: filtered ? undefined : createButton,
      }}
      rows={rows}
      pager={{ noun: 'phiếu', sizes: WAREHOUSE_PAGE_SIZES, testId: 'receipt-pager' }}
      footer={
        <>
          {kind === 'check' && <CheckCreateDialog scope={scope} opened={checking} onClose={() => setChecking(false)} />}
          {importing && <StockImportDialog scope={scope} warehouses={warehouses.data} onClose={() => setImporting(false)} />}
        </>
      }
    >
      {(data) => (
        <Group gap="lg" justify="flex-end" data-testid="receipt-summary">
          <Text size="sm">
            Tổng SL (đơn vị cơ bản): <b data-testid="receipt-total-quantity">{formatNumber(data.bonus.total_quantity)}</b>
          </Text>
          {kind !== 'check' && (
            <Text size="sm">
              Tổng tiền: <MoneyText value={data.bonus.total_amount} fw={700} data-testid="receipt-total-amount" />
            </Text>
          )}
        </Group>
      )}
    </ListPage>
  );
}
