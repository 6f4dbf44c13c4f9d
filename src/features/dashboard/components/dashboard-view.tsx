/**
 * The dashboard's figures (issue #5): revenue and orders today and this month, orders by status,
 * the top 5 products and customers, revenue by day as a chart for the chosen range (the last 30
 * days by default). Whose figures: "Của tôi" (the account filter) or "Toàn công ty".
 */
import {
  Alert,
  Card,
  Group,
  Loader,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCash, IconCloudOff, IconReceipt, IconTrendingUp } from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import { isOffline } from '@/api/kept-answers';
import { formatMoney, formatNumber } from '@/lib/money';
import { FilterDateRange } from '@/ui/filter-date-range';
import { useDashboard } from '../api/dashboard-queries';
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
          <Tooltip label={value.full} withArrow>
            <Text fz={26} fw={700} lh={1.2} data-testid={testId} data-full={value.full} style={{ cursor: 'help' }}>
              {value.short}
            </Text>
          </Tooltip>
        </div>
        <ThemeIcon variant="light" color={color} size={36} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

export function DashboardView({ companyId, accountId, scope, search, onSearch, isMobile, canSeeCompany = true }: Props) {
  const query = dashboardQuery(companyId, scope, accountId, search);
  const summary = useDashboard(query, accountId ?? 0);
  const fetched = summary.data;
  const data = fetched?.data;
  const offline = isOffline(summary.error);
  // Painted from the device: before the server answered (or while it is asked again), or, once it
  // was asked on this visit, because it could not be reached.
  const keptAt = fetched?.fromDevice ? formatDateTime(fetched.fetchedAt) : null;
  const keptOffline = keptAt !== null && summary.isFetchedAfterMount && !summary.isFetching;

  return (
    <Stack gap="md" data-testid="dashboard">
      <Group justify="space-between" gap="sm">
        {canSeeCompany && (
          <SegmentedControl
            value={scope}
            onChange={(value) => onSearch({ ...search, scope: value as DashboardScope })}
            data={DASHBOARD_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] }))}
            data-testid="dashboard-scope"
          />
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
      {summary.isPending && !offline ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} h={84} radius="md" />
          ))}
        </SimpleGrid>
      ) : data ? (
        <Stack gap="md" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
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
            <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
              <Title order={5} mb="sm">
                Sản phẩm bán chạy
              </Title>
              {data.top_products.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Chưa có doanh thu trong khoảng ngày này.
                </Text>
              ) : (
                <Table verticalSpacing={6} data-testid="top-products">
                  <Table.Tbody>
                    {data.top_products.map((product, index) => (
                      <Table.Tr key={product.variant_id}>
                        <Table.Td w={24} c="dimmed">
                          {index + 1}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={2}>
                            {product.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatNumber(product.quantity)} {product.unit}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Tooltip label={formatMoney(product.revenue)}>
                            <Text size="sm" fw={600}>
                              {revenueShown(product.revenue).short}
                            </Text>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'}>
              <Title order={5} mb="sm">
                Khách hàng mua nhiều
              </Title>
              {data.top_customers.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Chưa có doanh thu trong khoảng ngày này.
                </Text>
              ) : (
                <Table verticalSpacing={6} data-testid="top-customers">
                  <Table.Tbody>
                    {data.top_customers.map((customer, index) => (
                      <Table.Tr key={customer.customer_id}>
                        <Table.Td w={24} c="dimmed">
                          {index + 1}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" lineClamp={2}>
                            {customer.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {customer.orders} đơn
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Tooltip label={formatMoney(customer.revenue)}>
                            <Text size="sm" fw={600}>
                              {revenueShown(customer.revenue).short}
                            </Text>
                          </Tooltip>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          </SimpleGrid>
        </Stack>
      ) : null}
    </Stack>
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
