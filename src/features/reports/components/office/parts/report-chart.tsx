/**
 * A report's chart, fetched after the figures (charts/reports-charts.tsx is not in the offline
 * precache); offline before it was ever fetched, a line says so and the figures stay readable.
 */
import { Paper, Skeleton, Text, Title } from '@mantine/core';
import { loadedWhenShown } from '@/ui/online-screen';
import type { ChartProps } from '@/features/reports/components/charts/reports-charts';

function ChartOffline() {
  return (
    <Text size="sm" c="dimmed" ta="center" py="md">
      Biểu đồ cần kết nối mạng để tải lần đầu; các số liệu bên dưới vẫn xem được.
    </Text>
  );
}

const Chart = loadedWhenShown<ChartProps & { height?: number }>(
  () => import('@/features/reports/components/charts/reports-charts').then((module) => module.default),
  ChartOffline,
  <Skeleton h={260} />,
);

export function ReportChart({ title, ...chart }: ChartProps & { title: string; height?: number }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-chart">
      <Title order={5} mb="sm">
        {title}
      </Title>
      {chart.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          Chưa có số liệu trong kỳ này
        </Text>
      ) : (
        <Chart {...chart} />
      )}
    </Paper>
  );
}
