/**
 * Messages on order events (docs/messaging.md "Order events"): when an OA of the company has a
 * template set for the event (confirmed, delivering, delivered) and the ZALO switch is on, the
 * order's customer gets that ZNS, its data bound from the order. Enqueued in the transaction of the
 * status move; the message id is derived from (order, event), so a move repeated (or the delivery
 * module reporting the same status) never sends a second one. A customer without a mobile phone, or
 * data the template requires left empty, gets nothing.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type OrderEvent, ZALO_SWITCH } from '@contract/messaging';
import { fillTemplateData } from '@contract/messaging-rules';
import { isValidPhone, normalizePhone } from '@contract/phone';
import type { OrderStatus } from '@contract/orders-status';
import type { Db } from '@server/kernel/db/client';
import { orders, zaloOas, zaloTemplates } from '@server/kernel/db/schema';
import { isSwitchOn } from '@server/kernel/switches';
import { loadBindingSource } from './binding-source';
import { queueMessage } from './messages-send';

/** A UUID named by its text (same text, same id): the order event's message id. */
function namedId(text: string): string {
  const hex = crypto.createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type OrderEventInput = { companyId: number; orderId: string; event: OrderEvent };

/** Enqueues the event's ZNS to the order's customer, if the company asked for one; whether one was queued. */
export async function enqueueOrderEventMessage(tx: Db, input: OrderEventInput): Promise<boolean> {
  if (!(await isSwitchOn(tx, input.companyId, ZALO_SWITCH))) return false;
  const oas = await tx.select().from(zaloOas).where(eq(zaloOas.companyId, input.companyId)).orderBy(zaloOas.id);
  const oa = oas.find((one) => typeof one.orderEvents[input.event] === 'number');
  if (!oa) return false;
  const [template] = await tx
    .select()
    .from(zaloTemplates)
    .where(
      and(
        eq(zaloTemplates.companyId, input.companyId),
        eq(zaloTemplates.id, oa.orderEvents[input.event]!),
        eq(zaloTemplates.status, 'enabled'),
      ),
    );
  if (!template) return false;
  const [order] = await tx
    .select({ phone: orders.customerPhone })
    .from(orders)
    .where(and(eq(orders.companyId, input.companyId), eq(orders.id, input.orderId)));
  if (!order) return false;
  const source = await loadBindingSource(tx, input.companyId, { order: input.orderId });
  const phone = normalizePhone(source.customer?.phone ?? order.phone ?? '');
  if (!isValidPhone(phone)) return false;
  const { data, missing } = fillTemplateData(template.params, template.bindings, source);
  if (missing.length) return false;
  return queueMessage(tx, {
    kind: 'zns',
    id: namedId(`order-event:${input.orderId}:${input.event}`),
    companyId: input.companyId,
    oaRowId: oa.id,
    origin: `order:${input.event}`,
    templateRowId: template.id,
    phone,
    data,
    orderId: input.orderId,
    customerId: source.customerId,
    text: template.name,
  });
}

const ORDER_STATUS_EVENTS: Partial<Record<OrderStatus, OrderEvent>> = {
  confirmed: 'confirmed',
  delivering: 'delivering',
  completed: 'delivered',
};

/** Called by an order's status move (server/modules/orders/order-moves.ts). */
export async function onOrderStatusMove(tx: Db, input: { companyId: number; orderId: string; to: OrderStatus }): Promise<void> {
  const event = ORDER_STATUS_EVENTS[input.to];
  if (event) await enqueueOrderEventMessage(tx, { companyId: input.companyId, orderId: input.orderId, event });
}
