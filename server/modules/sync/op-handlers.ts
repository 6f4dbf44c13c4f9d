/** Which handler applies which op type, and the permission it needs. A new op type is added here and in contract/ops.ts. */
import type { OpPayload, OpType } from '@contract/ops';
import type { PermissionAction, PermissionArea } from '@contract/permissions';
import { createCustomer } from '@server/modules/customers/customer-ops';
import { submitOrder } from '@server/modules/orders/order-submit';
import { checkIn, checkOut } from '@server/modules/visits/visit-ops';
import type { OpHandler } from './op-context';

export const OP_HANDLERS: { [T in OpType]: OpHandler<OpPayload<T>> } = {
  'visit.checkIn': checkIn,
  'visit.checkOut': checkOut,
  'customer.create': createCustomer,
  'order.submit': submitOrder,
};

/** What the caller's role must allow for each op (issue #7); checked when the op is applied. */
export const OP_PERMISSIONS: Record<OpType, readonly [PermissionArea, PermissionAction]> = {
  'visit.checkIn': ['visits', 'create'],
  'visit.checkOut': ['visits', 'create'],
  'customer.create': ['customers', 'create'],
  'order.submit': ['orders', 'create'],
};
