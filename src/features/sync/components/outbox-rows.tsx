/**
 * The device's queue on /diagnostics, op by op: what it was, when, where it stands (a refused op
 * the person set aside says why), how many times it was sent, the server's words, a link to the
 * record it is about, and for a refused op of no order "Bỏ thao tác này" with a reason. Cards on a phone (the table's state and error columns did not fit 390 px).
 */
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isOpType, OP_SPECS } from '@contract/sync-domains';
import type { AppDb, OutboxRow, OutboxState } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { dismissRefusal } from '@/sync/outbox';
import { ListRows } from '@/ui/list-page/list-rows';
import { ReasonAction } from '@/ui/reason-action';
import { toast } from '@/ui/toast';
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
  // A payment's receipt (phiếu thu) is read from the device, so a refused one still opens.
  payment: '/payment/print/',
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

/** Why a refused op is set aside here (the panel offers these; "Khác" asks for the words). */
export const OP_DISMISS_REASONS = ['Đã xử lý cách khác', 'Thao tác nhầm', 'Không cần gửi nữa'] as const;

/**
 * A refused op the person may set aside here, so its alarm ends: not an order's (its page offers
 * fixing, a draft or setting aside), nor one dealt with already.
 */
function DismissOp({ db, op }: { db: AppDb; op: OutboxRow }) {
  if (op.state !== 'rejected' || op.dismissed || op.entity?.type === 'order') return null;
  return (
    <ReasonAction
      label="Bỏ thao tác này"
      confirmLabel="Bỏ thao tác"
      reasonLabel="Lý do bỏ thao tác"
      reasons={OP_DISMISS_REASONS}
      failure="Không bỏ được thao tác. Vui lòng thử lại."
      testId="dismiss-refused-op"
      onConfirm={async (reason) => {
        await dismissRefusal(db, op, reason);
        toast.success(`Đã bỏ thao tác: ${opLabel(op)}`);
      }}
    />
  );
}

export function OutboxRows({ db, ops }: { db: AppDb; ops: readonly OutboxRow[] }) {
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
          {
            key: 'error',
            label: 'Lỗi',
            cell: (op) => (
              <>
                <OpNote op={op} />
                <DismissOp db={db} op={op} />
              </>
            ),
          },
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
            <DismissOp db={db} op={op} />
          </Stack>
        ),
      }}
    />
  );
}
