/**
 * Revenue by day as bars: y axis in compact numbers (product-spec.md §9), the day and full amount on hover or
 * focus. Drawn as plain SVG with Mantine's colours rather than @mantine/charts: recharts 3 is
 * 417 kB (119 kB gzip) in one chunk, over the 60 kB per-chunk budget (tests/bench/build-size.ts)
 * and enough to push the offline precache past its 2.5 MB budget (vite.config.ts). Loaded lazily
 * by the dashboard, so swapping in <BarChart> later touches this file only.
 */
import { Box, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useState } from 'react';
import { compactNumber } from '@/lib/compact-number';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { axisTicks, labelEvery, type ChartDay } from '../model/dashboard-format';

const AXIS_WIDTH = 44;
const BOTTOM = 22;
const TOP = 8;

export default function RevenueChart({ data, height = 260 }: { data: ChartDay[]; height?: number }) {
  const { ref, width } = useElementSize();
  const [active, setActive] = useState<number | null>(null);
  const ticks = axisTicks(Math.max(0, ...data.map((day) => day.revenue)));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(0, width - AXIS_WIDTH - 4);
  const plotHeight = height - TOP - BOTTOM;
  const slot = data.length > 0 ? plotWidth / data.length : 0;
  const barWidth = Math.max(2, Math.min(28, slot * 0.7));
  const every = labelEvery(data.length, plotWidth, 40);
  const y = (value: number) => TOP + plotHeight - (top > 0 ? (value / top) * plotHeight : 0);
  const shown = active !== null ? data[active] : undefined;
  const total = data.reduce((sum, day) => sum + day.revenue, 0);

  return (
    <Box ref={ref} pos="relative" h={height} data-testid="revenue-chart" onMouseLeave={() => setActive(null)}>
      {width > 0 && (
        <svg width={width} height={height} role="img" aria-label={`Doanh thu theo ngày, tổng ${formatMoney(total)}`}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={AXIS_WIDTH}
                x2={width}
                y1={y(tick)}
                y2={y(tick)}
                stroke="var(--mantine-color-gray-3)"
                strokeDasharray={tick === 0 ? undefined : '4 4'}
              />
              <text x={AXIS_WIDTH - 6} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill="var(--mantine-color-dimmed)">
                {compactNumber(tick)}
              </text>
            </g>
          ))}
          {data.map((day, index) => {
            const x = AXIS_WIDTH + slot * index + (slot - barWidth) / 2;
            const barTop = y(day.revenue);
            return (
              <g key={day.date}>
                {/* The whole column reacts, so thin or empty days can be pointed at too. */}
                <rect
                  x={AXIS_WIDTH + slot * index}
                  y={TOP}
                  width={slot}
                  height={plotHeight}
                  fill={active === index ? 'var(--mantine-color-gray-1)' : 'transparent'}
                  onMouseEnter={() => setActive(index)}
                  onFocus={() => setActive(index)}
                  onBlur={() => setActive(null)}
                  tabIndex={0}
                  role="img"
                  aria-label={`${formatDate(day.date)}: ${formatMoney(day.revenue)}, ${day.orders} đơn`}
                />
                {day.revenue > 0 && (
                  <rect
                    x={x}
                    y={barTop}
                    width={barWidth}
                    height={Math.max(1, TOP + plotHeight - barTop)}
                    rx={Math.min(3, barWidth / 3)}
                    fill={active === index ? 'var(--mantine-color-teal-8)' : 'var(--mantine-color-teal-6)'}
                    pointerEvents="none"
                    data-testid="revenue-bar"
                  />
                )}
                {index % every === 0 && (
                  <text
                    x={AXIS_WIDTH + slot * index + slot / 2}
                    y={height - 6}
                    textAnchor="middle"
                    fontSize={11}
                    fill="var(--mantine-color-dimmed)"
                  >
                    {day.day}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      {shown && active !== null && (
        <Paper
          withBorder
          shadow="md"
          p={6}
          px="xs"
          pos="absolute"
          top={4}
          style={{
            pointerEvents: 'none',
            left: Math.min(Math.max(0, AXIS_WIDTH + slot * active + slot / 2 - 80), Math.max(0, width - 170)),
            minWidth: 160,
          }}
          data-testid="revenue-tooltip"
        >
          <Text size="xs" c="dimmed">
            {formatDate(shown.date)}
          </Text>
          <Text size="sm" fw={700}>
            {formatMoney(shown.revenue)}
          </Text>
          <Text size="xs">{shown.orders} đơn</Text>
        </Paper>
      )}
    </Box>
  );
}
