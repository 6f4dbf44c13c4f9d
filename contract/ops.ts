/**
 * Every outbox op the client may queue, with the schema of its payload. The client validates a
 * payload before queueing it; the server validates it again before applying it. An op name, once
 * shipped, keeps its meaning: a changed shape gets a new name or a new schema version (Replicache).
 */
import type * as v from 'valibot';
import { CustomerCreateSchema } from './customer';
import { OrderSubmitSchema } from './order';
import { VisitCheckInSchema, VisitCheckOutSchema } from './visit';

export const OP_PAYLOAD_SCHEMAS = {
  'visit.checkIn': VisitCheckInSchema,
  'visit.checkOut': VisitCheckOutSchema,
  'customer.create': CustomerCreateSchema,
  'order.submit': OrderSubmitSchema,
} satisfies Record<string, v.GenericSchema>;

export type OpType = keyof typeof OP_PAYLOAD_SCHEMAS;
export type OpPayload<T extends OpType> = v.InferOutput<(typeof OP_PAYLOAD_SCHEMAS)[T]>;

export function isOpType(value: string): value is OpType {
  return Object.prototype.hasOwnProperty.call(OP_PAYLOAD_SCHEMAS, value);
}

export const OP_LABELS: Record<OpType, string> = {
  'visit.checkIn': 'Check-in',
  'visit.checkOut': 'Check-out',
  'customer.create': 'Tạo khách hàng',
  'order.submit': 'Gửi đơn hàng',
};
