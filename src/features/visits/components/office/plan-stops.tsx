/**
 * The customers of a route plan in the order the rep visits them in a day, each with its frequency
 * (contract/visits-plans.ts VISIT_FREQUENCIES), its weekdays and, for F1 and F2, its weeks. The
 * order changes by dragging a row by its handle (the office's "kéo thả") or, from the keyboard, with
 * each row's "Lên" / "Xuống" buttons; what a stop still lacks is said under it.
 */
import { ActionIcon, Chip, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useState, type DragEvent } from 'react';
import {
  describeStop,
  FREQUENCY_CODES,
  stopProblem,
  VISIT_FREQUENCIES,
  WEEKDAY_LABELS,
  type RouteStop,
  type VisitFrequency,
} from '@contract/visits-plans';

export type EditedStop = RouteStop & { customer_name: string; customer_code?: string };

const FREQUENCY_OPTIONS = FREQUENCY_CODES.map((code) => ({ value: code, label: VISIT_FREQUENCIES[code].label }));
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** A stop moved from one place to another, the others keeping their order. */
export function moveStop<T>(stops: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= stops.length) return [...stops];
  const next = [...stops];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** A new frequency keeps the days that still fit and the weeks it allows (the first choice for F1/F2). */
export function withFrequency(stop: EditedStop, frequency: VisitFrequency): EditedStop {
  const rule = VISIT_FREQUENCIES[frequency];
  const keptWeeks = rule.weeks.some((allowed) => allowed.join(',') === stop.weeks.join(','));
  return {
    ...stop,
    frequency,
    weekdays: stop.weekdays.slice(0, rule.weekdays),
    weeks: keptWeeks ? stop.weeks : [...(rule.weeks[0] ?? [])],
  };
}

type RowProps = {
  stop: EditedStop;
  index: number;
  count: number;
  onChange: (stop: EditedStop) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  drag: {
    dragging: boolean;
    over: boolean;
    onStart: () => void;
    onOver: (event: DragEvent) => void;
    onDrop: () => void;
    onEnd: () => void;
  };
};

function WeekChoice({ stop, onChange }: { stop: EditedStop; onChange: (stop: EditedStop) => void }) {
  const choices = VISIT_FREQUENCIES[stop.frequency].weeks;
  if (choices.length === 0) return null;
  return (
    <Group gap={4} role="group" aria-label={`Tuần trong tháng – ${stop.customer_name}`}>
      <Chip.Group value={stop.weeks.join(',')} onChange={(value) => onChange({ ...stop, weeks: String(value).split(',').map(Number) })}>
        {choices.map((weeks) => (
          <Chip key={weeks.join(',')} value={weeks.join(',')} size="xs" color="dark">
            {`Tuần ${weeks.join(' và ')}`}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}

function StopRow({ stop, index, count, onChange, onMove, onRemove, drag }: RowProps) {
  const problem = stopProblem(stop);
  const name = stop.customer_name;
  return (
    <Paper
      withBorder
      p="xs"
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(index));
        drag.onStart();
      }}
      onDragOver={drag.onOver}
      onDrop={(event) => {
        event.preventDefault();
        drag.onDrop();
      }}
      onDragEnd={drag.onEnd}
      style={{ opacity: drag.dragging ? 0.5 : 1, borderColor: drag.over ? 'var(--mantine-color-blue-6)' : undefined }}
      data-testid="plan-stop"
      data-customer={name}
    >
      <Group wrap="nowrap" align="flex-start" gap="xs">
        <IconGripVertical size={18} aria-hidden style={{ cursor: 'grab', marginTop: 6, flexShrink: 0 }} data-testid="plan-stop-handle" />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" fw={600} truncate="end">
              {`${index + 1}. ${name}`}
              {stop.customer_code ? ` (${stop.customer_code})` : ''}
            </Text>
            <Group gap={2} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Lên ${name}`} disabled={index === 0} onClick={() => onMove(index - 1)}>
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Xuống ${name}`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Bỏ ${name} khỏi tuyến`} onClick={onRemove}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
          <Group gap="sm" align="center">
            <Select
              size="xs"
              w={170}
              aria-label={`Tần suất – ${name}`}
              data={FREQUENCY_OPTIONS}
              value={stop.frequency}
              allowDeselect={false}
              onChange={(value) => value && onChange(withFrequency(stop, value as VisitFrequency))}
            />
            <Group gap={4} role="group" aria-label={`Thứ trong tuần – ${name}`}>
              <Chip.Group
                multiple
                value={stop.weekdays.map(String)}
                onChange={(values) => onChange({ ...stop, weekdays: values.map(Number).sort((a, b) => a - b) })}
              >
                {WEEKDAYS.map((day) => (
                  <Chip key={day} value={String(day)} size="xs">
                    {WEEKDAY_LABELS[day]}
                  </Chip>
                ))}
              </Chip.Group>
            </Group>
            <WeekChoice stop={stop} onChange={onChange} />
          </Group>
          {problem ? (
            <Text size="xs" c="red.8" data-testid="plan-stop-problem">
              {problem}
            </Text>
          ) : (
            <Text size="xs" c="dimmed" data-testid="plan-stop-rule">
              {describeStop(stop)}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

type Props = { stops: EditedStop[]; onChange: (stops: EditedStop[]) => void };

export function PlanStops({ stops, onChange }: Props) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  if (stops.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="plan-stops-empty">
        Chưa có khách hàng nào trong tuyến. Tìm và chọn khách hàng ở trên để thêm.
      </Text>
    );
  const end = () => {
    setDragged(null);
    setOver(null);
  };
  return (
    <Stack gap={6} data-testid="plan-stops">
      {stops.map((stop, index) => (
        <StopRow
          key={stop.customer_id}
          stop={stop}
          index={index}
          count={stops.length}
          onChange={(next) => onChange(stops.map((item, at) => (at === index ? next : item)))}
          onMove={(to) => onChange(moveStop(stops, index, to))}
          onRemove={() => onChange(stops.filter((_, at) => at !== index))}
          drag={{
            dragging: dragged === index,
            over: over === index && dragged !== index,
            onStart: () => setDragged(index),
            onOver: (event) => {
              if (dragged === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
              setOver(index);
            },
            onDrop: () => {
              if (dragged !== null) onChange(moveStop(stops, dragged, index));
              end();
            },
            onEnd: end,
          }}
        />
      ))}
    </Stack>
  );
}
