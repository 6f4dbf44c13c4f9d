/** /system: the platform at a glance (system/), each figure leading to its screen. */
import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { SystemOverview } from '@contract/system';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { ProblemAlert } from '@/ui/problem';
import { apiErrorMessage } from '@/api/api-error';
import { useSystemOverview } from '@/features/system/api/system-api';
import { formatNumber } from '@/lib/money';

const FIGURES: { key: keyof SystemOverview; label: string; to: string; money?: boolean }[] = [
  { key: 'accounts', label: 'Tài khoản', to: '/system/accounts' },
  { key: 'locked_accounts', label: 'Tài khoản đã khóa', to: '/system/accounts' },
  { key: 'companies', label: 'Công ty', to: '/system/sales-history' },
  { key: 'shops', label: 'Cửa hàng, nhà cung cấp, nhà phân phối', to: '/system/shops' },
  { key: 'subscriptions_active', label: 'Công ty đang dùng gói', to: '/system/orders' },
  { key: 'subscriptions_expiring', label: 'Gói hết hạn trong 14 ngày', to: '/system/orders' },
  { key: 'system_orders_pending', label: 'Đơn gói chờ thanh toán', to: '/system/orders' },
  { key: 'revenue_this_month', label: 'Doanh thu gói tháng này', to: '/system/orders', money: true },
  { key: 'orders_today', label: 'Đơn hàng hôm nay (mọi công ty)', to: '/system' },
];

export function SystemOverviewView() {
  const overview = useSystemOverview();
  if (overview.error) return <ProblemAlert problem={apiErrorMessage(overview.error, 'Không tải được số liệu')} />;
  if (!overview.data) return <LoadingBlock />;
  const data = overview.data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="system-overview">
      {FIGURES.map((figure) => (
        <Card key={figure.key} component={Link} to={figure.to} withBorder radius="md" padding="md" data-testid={`overview-${figure.key}`}>
          <Text size="sm" c="dimmed">
            {figure.label}
          </Text>
          {figure.money ? (
            <MoneyText value={data[figure.key]} fw={700} size="xl" />
          ) : (
            <Text fw={700} size="xl">
              {formatNumber(data[figure.key])}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
