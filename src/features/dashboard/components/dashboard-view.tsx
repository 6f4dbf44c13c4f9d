/**
 * The dashboard's figures: revenue and orders today and this month, orders by status,
 * the top 5 products and customers, revenue by day as a chart for the chosen range (the last 30
 * days by default). Whose figures: "Của tôi" (the account filter) or "Toàn công ty".
 */
import { Alert, Button, Card, Group, Loader, Progress, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCash, IconCloudOff, IconReceipt, IconTrendingUp } from '@tabler/icons-react';
import { lazy, memo, Suspense, useDeferredValue, type ReactNode } from 'react';
import type { DashboardSummary } from '@contract/dashboard';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import { isOffline } from '@/api/kept-answers';
import { formatMoney, formatNumber } from '@/lib/money';
import { FilterDateRange } from '@/ui/filter-date-range';
import { Hint } from '@/ui/hint';
import { useAfterFirstPaint } from '@/ui/after-first-paint';
import { useDashboard } from '../api/dashboard-queries';
import { FirstStepsCard } from './first-steps';
import {
  chartDays,
  countShown,
  dashboardQuery,
  DASHBOARD_SCOPES,
  rangeTotals,
  revenueShown,
  SCOPE_LABELS,
  statusShares,
  type DashboardScope,
  type DashboardSearch,
  type Shown,
} from '../model/dashboard-format';
import { formatDate, formatDateTime } from '@/lib/dates';

// The chart arrives on its own, after the figures (see revenue-chart.tsx for why it is not recharts).
const RevenueChart = lazy(() => import('./revenue-chart'));

type Props = {
  companyId: number;
  accountId: number | null;
  scope: DashboardScope;
  search: DashboardSearch;
  onSearch: (next: DashboardSearch) => void;
  isMobile: boolean;
  /** False for a member who sees only their own figures (data scope "own"): no company toggle. */
  canSeeCompany?: boolean;
};

/** One figure; `elementtiming` lets tests/bench/build-size.ts time when the figures are painted. */
function FigureTile({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: Shown;
  icon: ReactNode;
  color: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="xs" c="dimmed" fw={500}>
            {label}
          </Text>
          <Hint label={value.full} withArrow>
            <Text
              fz={26}
              fw={700}
              lh={1.2}
              data-testid={testId}
              data-full={value.full}
              elementtiming="dashboard-figure"
              style={{ cursor: 'help' }}
            >
              {value.short}
            </Text>
          </Hint>
        </div>
        <ThemeIcon variant="light" color={color} size={36} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function DashboardView({ companyId, accountId, scope, search, onSearch, isMobile, canSeeCompany = true }: Props) {
  const painted = useAfterFirstPaint();
  const query = dashboardQuery(companyId, scope, accountId, search);
  const summary = useDashboard(query, accountId ?? 0);
  const fetched = summary.data;
  const data = fetched?.data;
  // A new answer (a refresh that differs, another range) renders in slices the browser can answer
  // input between; an answer alone renders in one block. The first render takes it as it is.
  const shown = useDeferredValue(data);
  const offline = isOffline(summary.error);
  // Painted from the device: before the server answered (or while it is asked again), or, once it
  // was asked on this visit, because it could not be reached.
  const keptAt = fetched?.fromDevice ? formatDateTime(fetched.fetchedAt) : null;
  const keptOffline = keptAt !== null && summary.isFetchedAfterMount && !summary.isFetching;

  return (
    <Stack gap="md" data-testid="dashboard">
      {painted && shown?.first_steps && <FirstStepsCard steps={shown.first_steps} />}
      <Group justify="space-between" gap="sm">
        {canSeeCompany && (
          // Two buttons rather than Mantine's SegmentedControl: that one measures its items before
          // the first paint (a forced layout) and brings its own code and styles into it.
          <Button.Group data-testid="dashboard-scope" aria-label="Số liệu của">
            {DASHBOARD_SCOPES.map((value) => (
              <Button
                key={value}
                variant={value === scope ? 'filled' : 'default'}
                aria-pressed={value === scope}
                onClick={() => onSearch({ ...search, scope: value })}
              >
                {SCOPE_LABELS[value]}
              </Button>
            ))}
          </Button.Group>
        )}
        <FilterDateRange
          value={[search.from ?? data?.range.from, search.to ?? data?.range.to]}
          onChange={([from, to]) => onSearch({ ...search, from, to })}
          placeholder="30 ngày gần nhất"
          isMobile={isMobile}
          w={isMobile ? '100%' : 260}
          data-testid="dashboard-range"
        />
      </Group>
      {summary.isError && !offline ? (
        <Alert color="red" variant="light">
          {summary.error.message}
        </Alert>
      ) : keptOffline ? (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="dashboard-kept">
          Đang ngoại tuyến: số liệu lấy lúc {keptAt}.
        </Alert>
      ) : keptAt ? (
        <Text size="sm" c="dimmed" data-testid="dashboard-kept">
          Số liệu lúc {keptAt}
          {summary.isFetching ? ', đang cập nhật…' : ''}
        </Text>
      ) : offline ? (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />}>
          Không có kết nối mạng: số liệu tổng quan cần máy chủ.
        </Alert>
      ) : null}
      {shown ? (
        <Stack gap="md" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          <DashboardFigures data={shown} painted={painted} isMobile={isMobile} />
        </Stack>
      ) : data || (summary.isPending && !offline) ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} h={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/**
 * The figures, the chart and the top lists of one answer. Memoized on the answer: the refresh after
 * the first paint usually brings the same figures, which the query keeps as the same object, and
 * then none of this renders again.
 */
const DashboardFigures = memo(function DashboardFigures({
  data,
  painted,
  isMobile,
}: {
  data: DashboardSummary;
  painted: boolean;
  isMobile: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <FigureTile
          label="Doanh thu hôm nay"
          value={revenueShown(data.today.revenue)}
          icon={<IconCash size={20} />}
          color="teal"
          testId="figure-today-revenue"
        />
        <FigureTile
          label="Đơn hôm nay"
          value={countShown(data.today.orders)}
          icon={<IconReceipt size={20} />}
          color="blue"
          testId="figure-today-orders"
        />
        <FigureTile
          label="Doanh thu tháng này"
          value={revenueShown(data.month.revenue)}
          icon={<IconTrendingUp size={20} />}
          color="teal"
          testId="figure-month-revenue"
        />
        <FigureTile
          label="Đơn tháng này"
          value={countShown(data.month.orders)}
          icon={<IconReceipt size={20} />}
          color="blue"
          testId="figure-month-orders"
        />
      </SimpleGrid>

      {/* Below the figures: painted a frame later, so the first frame (and its chart request) waits for none of it. */}
      {painted && (
        <>
          <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
            <Group justify="space-between" mb="sm" gap="xs">
              <Title order={5}>Doanh thu theo ngày</Title>
              <Text size="sm" c="dimmed">
                {formatDate(data.range.from)} – {formatDate(data.range.to)} · {formatMoney(rangeTotals(data.by_day).revenue)}
              </Text>
            </Group>
            <Suspense
              fallback={
                <Group justify="center" h={isMobile ? 200 : 260}>
                  <Loader size="sm" />
                </Group>
              }
            >
              <RevenueChart data={chartDays(data.by_day)} height={isMobile ? 200 : 260} />
            </Suspense>
          </Card>

          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <StatusCard byStatus={data.by_status} />
            <TopList
              title="Sản phẩm bán chạy"
              testId="top-products"
              padding={isMobile ? 'sm' : 'md'}
              rows={data.top_products.map((product) => ({
                key: product.variant_id,
                name: product.name,
                detail: `${formatNumber(product.quantity)} ${product.unit}`,
                revenue: product.revenue,
              }))}
            />
            <TopList
              title="Khách hàng mua nhiều"
              testId="top-customers"
              padding={isMobile ? 'sm' : 'md'}
              rows={data.top_customers.map((customer) => ({
                key: customer.customer_id,
                name: customer.name,
                detail: `${customer.orders} đơn`,
                revenue: customer.revenue,
              }))}
            />
          </SimpleGrid>
        </>
      )}
    </>
  );
});

type TopRow = { key: string | number; name: string; detail: string; revenue: number };

/** The top 5 of a range, best first: a ranked list, each with its revenue (in full on hover). */
function TopList({ title, testId, padding, rows }: { title: string; testId: string; padding: 'sm' | 'md'; rows: TopRow[] }) {
  return (
    <Card withBorder radius="md" padding={padding}>
      <Title order={5} mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Chưa có doanh thu trong khoảng ngày này.
        </Text>
      ) : (
        <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} data-testid={testId}>
          {rows.map((row, index) => (
            <Group
              component="li"
              key={row.key}
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              py={6}
              style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" c="dimmed" w={16}>
                {index + 1}
              </Text>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" lineClamp={2}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.detail}
                </Text>
              </div>
              <Hint label={formatMoney(row.revenue)}>
                <Text size="sm" fw={600}>
                  {revenueShown(row.revenue).short}
                </Text>
              </Hint>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function StatusCard({ byStatus }: { byStatus: Parameters<typeof statusShares>[0] }) {
  const { total, shares } = statusShares(byStatus);
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={5}>Đơn theo trạng thái</Title>
        <Text size="sm" c="dimmed">
          {formatNumber(total, 0)} đơn
        </Text>
      </Group>
      <Stack gap={8} data-testid="orders-by-status">
        {shares.map((share) => (
          <div key={share.status} data-status={share.status}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{ORDER_STATUS_LABELS[share.status]}</Text>
              <Text size="sm" fw={600}>
                {formatNumber(share.count, 0)}
              </Text>
            </Group>
            <Progress
              value={share.percent}
              color={ORDER_STATUS_COLORS[share.status]}
              size="sm"
              aria-label={`${ORDER_STATUS_LABELS[share.status]} ${share.percent}%`}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
