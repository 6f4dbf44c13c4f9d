/**
 * The four KPI bars (revenue, orders, new customers, visits): actual against target with the
 * percent, coloured by pace (teal on track, orange behind, grey without a target), and what is
 * still missing with what that asks per remaining day. Also the small pieces the KPI screens share.
 */
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { Hint } from '@/ui/hint';
import { formatMoney } from '@contract/money';
import {
  KPI_METRIC_LABELS,
  KPI_METRIC_UNITS,
  KPI_METRICS,
  type KpiMetric,
  type KpiProgress,
  type MetricProgress,
  type MonthClock,
} from '@contract/kpi';
import { formatNumber } from '@/lib/money';

export function formatMetric(metric: KpiMetric, value: number): string {
  return metric === 'revenue' ? formatMoney(value) : `${formatNumber(value, 0)} ${KPI_METRIC_UNITS[metric]}`;
}

export function formatPercent(percent: number | null): string {
  return percent === null ? '—' : `${formatNumber(percent, 1)}%`;
}

export function paceColor(progress: Pick<MetricProgress, 'on_track'>): string {
  return progress.on_track === null ? 'gray' : progress.on_track ? 'teal' : 'orange';
}

/** On track / behind for the current month; reached / missed once it is over. */
export function PaceBadge({ onTrack, clock, size = 'sm' }: { onTrack: boolean | null; clock: MonthClock; size?: 'xs' | 'sm' | 'md' }) {
  const over = clock.state === 'past';
  const label =
    onTrack === null ? 'Chưa có chỉ tiêu' : onTrack ? (over ? 'Đạt chỉ tiêu' : 'Đúng tiến độ') : over ? 'Không đạt' : 'Chậm tiến độ';
  return (
    <Badge variant="light" size={size} tt="none" color={onTrack === null ? 'gray' : onTrack ? 'teal' : 'orange'} data-testid="kpi-pace">
      {label}
    </Badge>
  );
}

/** "Ngày thứ 10/30 của tháng" — how far into the month the verdicts are made ("Hôm nay ngày 2/31" read as a date). */
export function clockText(clock: MonthClock): string {
  if (clock.state === 'past') return 'Tháng đã kết thúc';
  if (clock.state === 'future') return 'Tháng chưa bắt đầu';
  return `Ngày thứ ${clock.today}/${clock.days} của tháng · còn ${clock.days_left} ngày`;
}

/** One metric as a thin bar with "actual / target" (for table cells). */
export function MetricCell({ metric, progress }: { metric: KpiMetric; progress: MetricProgress }) {
  const hasTarget = progress.percent !== null;
  return (
    <Stack gap={2} miw={120} data-testid={`kpi-cell-${metric}`}>
      <Group gap={4} justify="space-between" wrap="nowrap">
        <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatMetric(metric, progress.actual)}
        </Text>
        <Text size="xs" c={hasTarget ? paceColor(progress) : 'dimmed'} fw={600}>
          {formatPercent(progress.percent)}
        </Text>
      </Group>
      <Progress
        value={Math.min(100, progress.percent ?? 0)}
        color={paceColor(progress)}
        size="sm"
        aria-label={`${KPI_METRIC_LABELS[metric]}: ${formatPercent(progress.percent)}`}
      />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {hasTarget ? `Chỉ tiêu ${formatMetric(metric, progress.target)}` : 'Chưa có chỉ tiêu'}
      </Text>
    </Stack>
  );
}

function MetricBar({ metric, progress, clock }: { metric: KpiMetric; progress: MetricProgress; clock: MonthClock }) {
  const hasTarget = progress.percent !== null;
  const missing =
    hasTarget && progress.remaining > 0
      ? clock.state === 'past'
        ? `Thiếu ${formatMetric(metric, progress.remaining)}`
        : `Còn ${formatMetric(metric, progress.remaining)}${progress.per_day ? ` · cần ${formatMetric(metric, progress.per_day)}/ngày` : ''}`
      : hasTarget
        ? 'Đã đạt chỉ tiêu'
        : null;
  return (
    <Stack gap={4} data-testid={`kpi-bar-${metric}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
        <Text size="sm" fw={600}>
          {KPI_METRIC_LABELS[metric]}
        </Text>
        <Text size="sm" c={hasTarget ? paceColor(progress) : 'dimmed'} fw={700} data-testid="kpi-percent">
          {formatPercent(progress.percent)}
        </Text>
      </Group>
      <Hint
        label={hasTarget ? `Cần đạt đến hôm nay: ${formatMetric(metric, progress.expected)}` : 'Chưa đặt chỉ tiêu cho chỉ số này'}
        withArrow
        openDelay={300}
      >
        <Progress
          value={Math.min(100, progress.percent ?? 0)}
          color={paceColor(progress)}
          size="lg"
          radius="xl"
          aria-label={`${KPI_METRIC_LABELS[metric]}: ${formatPercent(progress.percent)}`}
        />
      </Hint>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" data-testid="kpi-numbers">
          <b>{formatMetric(metric, progress.actual)}</b>
          {hasTarget ? ` / ${formatMetric(metric, progress.target)}` : ''}
        </Text>
        {missing && (
          <Text size="xs" c="dimmed">
            {missing}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

export function KpiBars({ progress, clock }: { progress: KpiProgress; clock: MonthClock }) {
  return (
    <Stack gap="sm" data-testid="kpi-bars">
      {KPI_METRICS.map((metric) => (
        <MetricBar key={metric} metric={metric} progress={progress.metrics[metric]} clock={clock} />
      ))}
    </Stack>
  );
}
