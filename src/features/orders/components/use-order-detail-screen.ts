/**
 * The state behind /order/{id} (order-detail-view.tsx): the order (the server's copy, or the
 * device's while that one cannot be had), where an unsent order of mine stands, the moves the
 * member may make, and the header's actions.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { OrderStatus } from '@contract/orders-status';
import { useHeaderActions, type HeaderAction } from '@/ui/header-actions';
import { useClearToastsWhenShown } from '@/ui/toast';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';
import { useSyncStatus } from '@/sync/sync-status';
import { useDeviceOrder, useOrderDetail } from '../api/order-queries';
import { useOrderWrites } from '../api/order-writes';
import { EDITABLE_STATUSES } from './order-detail-edit';
import { PRINT_FORMATS, type PrintFormat } from './order-print-model';
import { CONFIRM_AND_APPROVE } from './discount-approval';
import { allowedMovesFrom, MOVE_LABELS, needsReason, type OrderRights } from './order-status-rules';

export const PRINT_BUTTON_LABELS: Record<PrintFormat, string> = { a4: 'In hóa đơn A4', a5: 'In A5', receipt80: 'In phiếu 80mm' };

export type OrderWrites = ReturnType<typeof useOrderWrites>;

export function useOrderDetailScreen(db: AppDb, companyId: number, id: string) {
  const detail = useOrderDetail(db, companyId, id);
  const writes = useOrderWrites(companyId);
  const navigate = useNavigate();
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const [editing, setEditing] = useState(false);
  const rights: OrderRights = { edit: useCan('orders', 'edit'), approve: useCan('orders', 'approve') };
  const accountId = useSession().account?.id;
  const order = detail.data?.order ?? null;
  const readOnly = detail.data?.source !== 'server';
  // My order as this device knows it, while the server's copy is not shown: still to be sent, or refused.
  const device = useDeviceOrder(db, companyId, id);
  const unsent = readOnly && device && device.order.syncState !== 'synced' ? device : null;
  // A refusal landing while the page is open: its panel, not the send's toast, is what the rep reads.
  useClearToastsWhenShown(device === undefined ? undefined : device?.order.syncState === 'rejected');
  // Taken by the server with changes (a stock cut, a lost tier): what changed stays on the order's page.
  const changed = device && device.order.syncState === 'synced' && device.order.changes.length > 0 ? device.order : null;
  const online = useSyncStatus((sync) => sync.online);
  const reachable = online && (typeof navigator === 'undefined' || navigator.onLine);

  const openPrint = (format: PrintFormat) => void navigate({ to: '/order/print/$id', params: { id }, search: { format } });
  const own = order !== null && accountId !== undefined && order.account_id === accountId;
  const moves = order && !readOnly ? allowedMovesFrom(order.status, rights, own) : [];
  const canEdit = Boolean(order && !readOnly && rights.edit && EDITABLE_STATUSES.includes(order.status));
  // Confirming an order whose discount waits for approval approves it (server/modules/orders/order-moves.ts).
  const approving = order?.discount_approval?.state === 'needed';
  const moveLabel = (status: OrderStatus) => (status === 'confirmed' && approving ? CONFIRM_AND_APPROVE : MOVE_LABELS[status]);
  const headerActions: HeaderAction[] = [
    ...moves.map((status) => ({
      key: `move-${status}`,
      label: moveLabel(status),
      danger: needsReason(status),
      onClick: () => startMove(status),
    })),
    ...(canEdit ? [{ key: 'edit', label: 'Sửa ghi chú, ngày giao', onClick: () => setEditing(true) }] : []),
    ...(order
      ? PRINT_FORMATS.map((format) => ({ key: `print-${format}`, label: PRINT_BUTTON_LABELS[format], onClick: () => openPrint(format) }))
      : []),
  ];
  useHeaderActions(headerActions);

  function startMove(status: OrderStatus) {
    writes.move.reset();
    setTarget(status);
  }

  return {
    detail,
    writes,
    order,
    readOnly,
    unsent,
    changed,
    reachable,
    rights,
    moves,
    canEdit,
    approving,
    moveLabel,
    startMove,
    target,
    setTarget,
    editing,
    setEditing,
  };
}
