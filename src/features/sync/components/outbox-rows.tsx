/**
 * The device's queue on /diagnostics, op by op: what it was, when, where it stands (a refused op
 * the person set aside says why), how many times it was sent, the server's words, and a link to the
 * record it is about. Cards on a phone (the table's state and error columns did not fit 390 px).
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isOpType, OP_SPECS } from '@contract/sync-domains';
import type { OutboxRow, OutboxState } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { ListRows } from '@/ui/list-page/list-rows';
import { useIsMobile } from '@/ui/use-is-mobile';

export const STATE_LABELS: Record<OutboxState, { label: string; color: string }> = {
  pending: { label: 'Chờ gửi', color: 'yellow' },
  sending: { label: 'Đang gửi', color: 'blue' },
  done: { label: 'Đã nhận', color: 'teal' },
  rejected: { label: 'Bị từ chối', color: 'red' },
};

const DISMISSED = { label: 'Đã bỏ', color: 'gray' };

/** The screens a record of the queue opens on (records of other kinds have no page of their own). */
const RECORD_PATHS: Partial<Record<string, string>> = {
  order: '/order/',
  customer: '/customers/',
  stock_check: '/inventory/count/',
};

function opLabel(op: OutboxRow): string {
  return isOpType(op.type) ? OP_SPECS[op.type].label : op.type;
}

function StateBadge({ op }: { op: OutboxRow }) {
  const state = op.dismissed ? DISMISSED : STATE_LABELS[op.state];
  return (
    <Badge color={state.color} variant="light" style={{ flexShrink: 0 }} data-testid="outbox-op-state">
      {state.label}
    </Badge>
  );
}

function OpName({ op }: { op: OutboxRow }) {
  const base = op.entity ? RECORD_PATHS[op.entity.type] : undefined;
  // A refused order set aside is gone from the device: nothing to open.
  if (!base || !op.entity || op.dismissed) return <>{opLabel(op)}</>;
  return (
    <Anchor component={Link} to={`${base}${op.entity.id}`} size="sm" data-testid="outbox-op-link">
      {opLabel(op)}
    </Anchor>
  );
}

function OpNote({ op }: { op: OutboxRow }) {
  const text = op.dismissed ? `Lý do bỏ: ${op.dismissed.reason}. ${op.lastError?.message ?? ''}`.trim() : (op.lastError?.message ?? '');
  return (
    <Text size="xs" c={op.lastError && !op.dismissed ? 'red' : 'dimmed'} data-testid="outbox-op-error">
      {text}
    </Text>
  );
}

export function OutboxRows({ ops }: { ops: readonly OutboxRow[] }) {
  const isMobile = useIsMobile();
  return (
    <ListRows
      rows={ops}
      isMobile={isMobile}
      spec={{
        testId: 'outbox',
        rowKey: (op) => op.opId,
        minWidth: 640,
        verticalSpacing: 'xs',
        hover: false,
        columns: [
          { key: 'op', label: 'Thao tác', cell: (op) => <OpName op={op} /> },
          { key: 'created', label: 'Tạo lúc', nowrap: true, cell: (op) => formatDateTime(op.clientCreatedAt) },
          { key: 'state', label: 'Trạng thái', cell: (op) => <StateBadge op={op} /> },
          { key: 'attempts', label: 'Số lần gửi', align: 'right', cell: (op) => op.attempts },
          { key: 'error', label: 'Lỗi', cell: (op) => <OpNote op={op} /> },
        ],
        card: (op) => (
          <Stack gap={2}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} style={{ minWidth: 0 }}>
                <OpName op={op} />
              </Text>
              <StateBadge op={op} />
            </Group>
            <Text size="xs" c="dimmed">
              {formatDateTime(op.clientCreatedAt)} · Số lần gửi: {op.attempts}
            </Text>
            <OpNote op={op} />
          </Stack>
        ),
      }}
    />
  );
}
