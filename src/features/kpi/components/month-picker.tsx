/**
 * Choosing a month (Vietnam calendar): the previous and next month by arrow, or any of the last
 * two years and the next three months from a list ("Tháng 05/2026"). Light on purpose: no
 * calendar package for a month list.
 */
import { ActionIcon, Group, Select } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { formatMonth, shiftMonth, vietnamMonth } from '@contract/kpi';

export const monthLabel = (month: string) => `Tháng ${formatMonth(month)}`;

export function monthOptions(current: string, chosen: string): { value: string; label: string }[] {
  const months = new Set<string>();
  for (let delta = 3; delta >= -23; delta -= 1) months.add(shiftMonth(current, delta));
  months.add(chosen);
  return [...months].sort((a, b) => b.localeCompare(a)).map((value) => ({ value, label: monthLabel(value) }));
}

export function MonthPicker({ value, onChange }: { value: string; onChange: (month: string) => void }) {
  const options = useMemo(() => monthOptions(vietnamMonth(), value), [value]);
  return (
    <Group gap={4} wrap="nowrap" data-testid="month-picker">
      <ActionIcon variant="default" size="lg" aria-label="Tháng trước" onClick={() => onChange(shiftMonth(value, -1))}>
        <IconChevronLeft size={18} />
      </ActionIcon>
      <Select
        aria-label="Tháng"
        data={options}
        value={value}
        onChange={(next) => next && onChange(next)}
        allowDeselect={false}
        w={172}
        comboboxProps={{ withinPortal: true }}
      />
      <ActionIcon variant="default" size="lg" aria-label="Tháng sau" onClick={() => onChange(shiftMonth(value, 1))}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}
