/**
 * /promotion: the company's programmes on the list-page kit: search (code, name), status tabs
 * counted by statuspromotion/, the period they run in, the rows (code, name, kind, dates, status,
 * budget used, orders), "Xuất Excel" (promotion/export/) and "Tạo chương trình". Every filter is in
 * the URL, which the route reads and hands over (src/routes/_app/promotion/index.tsx). What the
 * member's role does not allow is not shown: export needs promotions/export, the create button
 * promotions/create. The list needs the server.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { vietnamDay } from '@contract/price-policy';
import { PROMOTION_KIND_LABELS, type PromotionRecord, type PromotionStatusCount } from '@contract/promotions';
import { PROMOTION_STATUS_LABELS, PROMOTION_STATUSES, type PromotionStatus } from '@contract/promotions-status';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { FilterDateRange } from '@/ui/filter-date-range';
import { FilterPanel } from '@/ui/filter-panel';
import { ExportButton } from '@/ui/list-page/export-button';
import { filterControls } from '@/ui/list-page/list-filter';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import { allStatusesTab, StatusTabs } from '@/ui/list-page/status-tabs';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { OfflineNotice } from '@/ui/list-page/offline-notice';
import { exportPromotions, isOffline, promotionError, usePromotionCounts, usePromotionList } from '@/features/promotions/api/promotion-api';
import {
  activePromotionFilterCount,
  applyPromotionFilterChange,
  PROMOTION_PAGE_SIZES,
  type PromotionFilter,
} from '@/features/promotions/promotion-filter';
import { budgetText } from '@/features/promotions/model/promotion-text';
import { PromotionStatusBadge } from './promotion-status-badge';
import { CardHead } from '@/ui/list-page/card-head';
import { formatNumber } from '@/lib/money';

type Props = ListScreenProps<PromotionFilter>;

const period = (row: Pick<PromotionRecord, 'starts_on' | 'ends_on'>) => `${formatDate(row.starts_on)} – ${formatDate(row.ends_on)}`;
const hours = (row: Pick<PromotionRecord, 'hours_from' | 'hours_to'>) =>
  row.hours_from && row.hours_to ? `Khung giờ ${row.hours_from}–${row.hours_to}` : null;

export function PromotionStatusTabs({
  value,
  counts,
  onChange,
}: {
  value: PromotionStatus | undefined;
  counts: readonly PromotionStatusCount[] | undefined;
  onChange: (status: PromotionStatus | undefined) => void;
}) {
  const countOf = (status: PromotionStatus) => counts?.find((row) => row.status === status)?.count;
  const all = counts?.reduce((sum, row) => sum + row.count, 0);
  const tabs = [
    allStatusesTab(all),
    ...PROMOTION_STATUSES.map((status) => ({ value: String(status), label: PROMOTION_STATUS_LABELS[status], count: countOf(status) })),
  ];
  return (
    <StatusTabs
      tabs={tabs}
      value={value === undefined ? undefined : String(value)}
      onChange={(next) => onChange(next === undefined ? undefined : (Number(next) as PromotionStatus))}
      testId="promotion"
    />
  );
}

function CodeLink({ row }: { row: PromotionRecord }) {
  return (
    <AnchorLink to="/promotion/$id" params={{ id: String(row.id) }} fw={600} size="sm" data-testid="promotion-code">
      {row.code}
    </AnchorLink>
  );
}

export function PromotionListView(props: Props) {
  const { companyId, filter, onFilter, isMobile } = props;
  const list = usePromotionList(companyId, filter);
  const counts = usePromotionCounts(companyId);
  const canCreate = useCan('promotions', 'create');
  const canExport = useCan('promotions', 'export');
  const controls = filterControls(filter, onFilter, applyPromotionFilterChange);
  const offline = isOffline(list.error);
  const filtered = Boolean(filter.search) || filter.status !== undefined || activePromotionFilterCount(filter) > 0;

  const rows: RowsSpec<PromotionRecord> = {
    testId: 'promotion',
    rowProps: (row) => ({ 'data-id': row.id, 'data-code': row.code, 'data-status': row.status }),
    minWidth: 1000,
    card: (row) => (
      <Stack gap={4}>
        <CardHead aside={<PromotionStatusBadge status={row.status} />}>
          <CodeLink row={row} />
          <Text size="sm" fw={500} lineClamp={2}>
            {row.name}
          </Text>
        </CardHead>
        <Text size="xs" c="dimmed">
          {PROMOTION_KIND_LABELS[row.kind]} · {period(row)}
          {hours(row) ? ` · ${hours(row)}` : ''}
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="xs">Đã dùng: {budgetText(row)}</Text>
          <Text size="xs" c="dimmed">
            {formatNumber(row.order_count)} đơn
          </Text>
        </Group>
      </Stack>
    ),
    columns: [
      { key: 'code', label: 'Mã', nowrap: true, cell: (row) => <CodeLink row={row} /> },
      { key: 'name', label: 'Tên chương trình', cell: (row) => row.name, lines: 2, maxWidth: 320, sub: (row) => row.description },
      { key: 'kind', label: 'Loại', cell: (row) => PROMOTION_KIND_LABELS[row.kind] },
      { key: 'dates', label: 'Thời gian', nowrap: true, cell: period, sub: hours },
      { key: 'status', label: 'Trạng thái', cell: (row) => <PromotionStatusBadge status={row.status} /> },
      { key: 'used', label: 'Đã dùng / Ngân sách', align: 'right', nowrap: true, cell: budgetText },
      { key: 'orders', label: 'Số đơn', align: 'right', cell: (row) => formatNumber(row.order_count) },
    ],
  };

  const createButton = canCreate ? (
    <Button component={Link} to="/promotion/create" leftSection={<IconPlus size={18} />} data-testid="promotion-create">
      {isMobile ? 'Tạo mới' : 'Tạo chương trình'}
    </Button>
  ) : null;
  const exportButton = canExport && (
    <ExportButton
      run={async () => `Đã tải về ${await exportPromotions(companyId, filter, vietnamDay())}`}
      failure={(error) => promotionError(error, 'Không xuất được danh sách chương trình khuyến mại')}
      offline={offline}
      iconOnly={isMobile}
      testId="promotion-export"
    />
  );

  return (
    <ListPage
      screen={props}
      apply={applyPromotionFilterChange}
      search={{ label: 'Tìm chương trình khuyến mại', placeholder: 'Tìm theo mã, tên chương trình…', testId: 'promotion-search' }}
      actions={
        <>
          {exportButton}
          {createButton}
        </>
      }
      nowrap
      header={
        <>
          <PromotionStatusTabs value={filter.status} counts={counts.data} onChange={(status) => controls.change({ status })} />
          <PromotionFilters filter={filter} onChange={controls.change} isMobile={isMobile} />
        </>
      }
      query={list}
      error={
        offline && (
          <OfflineNotice testId="promotion-list-offline">
            Không có kết nối mạng: danh sách chương trình khuyến mại cần máy chủ. Vui lòng thử lại khi có mạng.
          </OfflineNotice>
        )
      }
      empty={{
        title: filtered ? 'Không có chương trình phù hợp' : 'Chưa có chương trình khuyến mại nào',
        description: filtered
          ? 'Thử đổi từ khóa, trạng thái hoặc khoảng thời gian.'
          : 'Tạo chương trình, gửi duyệt, rồi đơn hàng sẽ tự áp dụng khi chương trình bắt đầu.',
        action: filtered ? undefined : createButton,
      }}
      rows={rows}
      pager={{ noun: 'chương trình', sizes: PROMOTION_PAGE_SIZES, testId: 'promotion-pager', countTestId: 'promotion-count' }}
    />
  );
}

function PromotionFilters({
  filter,
  onChange,
  isMobile,
}: {
  filter: PromotionFilter;
  onChange: (patch: Partial<PromotionFilter>) => void;
  isMobile: boolean;
}) {
  return (
    <FilterPanel
      active={activePromotionFilterCount(filter)}
      onClear={() => onChange({ startDate: undefined, endDate: undefined })}
      isMobile={isMobile}
      cols={3}
      toggleTestId="promotion-filter-toggle"
      clearTestId="promotion-filter-clear"
    >
      <FilterDateRange
        label="Áp dụng trong khoảng"
        value={[filter.startDate, filter.endDate]}
        onChange={([startDate, endDate]) => onChange({ startDate, endDate })}
        isMobile={isMobile}
        data-testid="promotion-filter-dates"
      />
    </FilterPanel>
  );
}
