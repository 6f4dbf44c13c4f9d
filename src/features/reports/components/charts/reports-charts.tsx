/**
 * The reports' charts (@mantine/charts over recharts), in their own files loaded after the figures
 * (report-chart.tsx): recharts is too big for the offline precache and for one route chunk
 * (vite.config.ts splits it and keeps it out of the precache; tests/bench/build-size.ts).
 */
import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { compactNumber } from '@/lib/compact-number';
import { formatMoney, formatNumber } from '@/lib/money';

export type ChartProps =
  /** Revenue per bucket with the previous period's beside it. */
  | { kind: 'trend'; data: { label: string; revenue: number; prev_revenue: number }[] }
  /** The largest rows of a report by a figure (money or count). */
  | { kind: 'rank'; data: { name: string; value: number }[]; label: string; money: boolean }
  /** Parts of a whole (orders by status). */
  | { kind: 'share'; data: { name: string; value: number; color: string }[] }
  /** A rate per day (strike rate). */
  | { kind: 'rate'; data: { day: string; rate: number }[]; label: string };

const money = (value: number) => formatMoney(value);

export default function ReportChart(props: ChartProps & { height?: number }) {
  const height = props.height ?? 260;
  switch (props.kind) {
    case 'trend':
      return (
        <BarChart
          h={height}
          data={props.data}
          dataKey="label"
          series={[
            { name: 'revenue', label: 'Kỳ này', color: 'teal.6' },
            { name: 'prev_revenue', label: 'Kỳ trước', color: 'gray.4' },
          ]}
          valueFormatter={money}
          yAxisProps={{ tickFormatter: compactNumber, width: 56 }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
        />
      );
    case 'rank':
      return (
        <BarChart
          h={Math.max(160, props.data.length * 30)}
          data={props.data}
          dataKey="name"
          orientation="vertical"
          series={[{ name: 'value', label: props.label, color: 'blue.6' }]}
          valueFormatter={props.money ? money : (value) => formatNumber(value)}
          xAxisProps={{ tickFormatter: compactNumber }}
          yAxisProps={{ width: 140, tickFormatter: (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name) }}
        />
      );
    case 'share':
      return <DonutChart h={height} data={props.data} withLabelsLine withLabels tooltipDataSource="segment" mx="auto" />;
    case 'rate':
      return (
        <LineChart
          h={height}
          data={props.data}
          dataKey="day"
          series={[{ name: 'rate', label: props.label, color: 'grape.6' }]}
          valueFormatter={(value) => `${formatNumber(value)} %`}
          yAxisProps={{ domain: [0, 100], width: 52 }}
          curveType="monotone"
        />
      );
  }
}
