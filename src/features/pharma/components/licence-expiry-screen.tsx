/**
 * "Giấy phép dược" (/customers/licences): drug buyers whose GPP/GDP certificate runs out within the
 * company's notice days, has run out, or who have no licence on file, within the viewer's customers,
 * so the office (or the rep) asks for the renewed papers before the rules stop the sales.
 */
import { Badge, Card, SegmentedControl, Stack, Text } from '@mantine/core';
import type { LicenceExpiryRow } from '@contract/pharma';
import { formatDate } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { EmptyState } from '@/ui/empty-state';
import { DataTable, type Column } from '@/ui/list-page/data-table';
import { LoadingBlock } from '@/ui/loading-block';
import { ProblemLine } from '@/ui/problem';
import { useIsMobile } from '@/ui/use-is-mobile';
import { useLicenceExpiry, type ExpiryState } from '../api/pharma-api';

const STATES: { value: ExpiryState; label: string }[] = [
  { value: 'expiring', label: 'Sắp hết hạn' },
  { value: 'expired', label: 'Đã hết hạn' },
  { value: 'missing', label: 'Chưa có giấy phép' },
];

const EMPTY: Record<ExpiryState, string> = {
  expiring: 'Không có giấy chứng nhận GPP/GDP nào sắp hết hạn.',
  expired: 'Không có khách hàng nào có giấy chứng nhận đã hết hạn.',
  missing: 'Mọi cơ sở dược đã có số giấy chứng nhận.',
};

/** Days left as words, never as colour alone. */
export function DaysLeftBadge({ days }: { days: number | null }) {
  if (days === null) return <Text size="sm">—</Text>;
  if (days < 0)
    return (
      <Badge color="red" variant="light">
        Quá hạn {-days} ngày
      </Badge>
    );
  return (
    <Badge color={days <= 7 ? 'orange' : 'yellow'} variant="light" c="dark.7">
      Còn {days} ngày
    </Badge>
  );
}

const COLUMNS: Column<LicenceExpiryRow>[] = [
  {
    key: 'customer',
    label: 'Khách hàng',
    cell: (row) => (
      <AnchorLink to="/customers/$id" params={{ id: row.customer_id }} size="sm" fw={600}>
        {row.customer_name}
      </AnchorLink>
    ),
    sub: (row) => `${row.customer_code} · ${row.kind}`,
  },
  { key: 'staff', label: 'Nhân viên phụ trách', cell: (row) => row.staff_name ?? '—' },
  { key: 'licence', label: 'Số GCN đủ điều kiện', cell: (row) => row.licence_number || '—' },
  { key: 'gpp', label: 'Số GPP/GDP', cell: (row) => row.gpp_number || '—' },
  { key: 'expiry', label: 'Hết hạn GPP/GDP', nowrap: true, cell: (row) => (row.gpp_expiry ? formatDate(row.gpp_expiry) : '—') },
  { key: 'left', label: 'Còn lại', nowrap: true, cell: (row) => <DaysLeftBadge days={row.days_left} /> },
];

export function LicenceExpiryScreen({
  companyId,
  state,
  onState,
}: {
  companyId: number;
  state: ExpiryState;
  onState: (state: ExpiryState) => void;
}) {
  const rows = useLicenceExpiry(companyId, state);
  // Three choices do not fit a 360 px phone side by side: stacked there.
  const isMobile = useIsMobile();
  return (
    <Stack gap="md" data-testid="licence-expiry">
      <SegmentedControl
        value={state}
        onChange={(value) => onState(value as ExpiryState)}
        data={STATES}
        aria-label="Trạng thái giấy phép"
        orientation={isMobile ? 'vertical' : 'horizontal'}
        fullWidth={isMobile}
        style={isMobile ? undefined : { alignSelf: 'flex-start' }}
      />
      <Card withBorder radius="md" padding="sm">
        {rows.error ? (
          <ProblemLine problem={rows.error.message} />
        ) : !rows.data ? (
          <LoadingBlock />
        ) : rows.data.length === 0 ? (
          <EmptyState title="Không có khách hàng" description={EMPTY[state]} />
        ) : (
          <DataTable rows={rows.data} columns={COLUMNS} rowKey={(row) => row.customer_id} rowTestId="licence-row" minWidth={760} />
        )}
      </Card>
    </Stack>
  );
}
