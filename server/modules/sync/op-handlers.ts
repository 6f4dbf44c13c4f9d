/** Which handler applies which op type. A new op type is added here and in contract/ops.ts. */
import type { OpPayload, OpType } from '../../../contract/ops';
import { createCustomer } from '../customers/customer-ops';
import { submitOrder } from '../orders/order-submit';
import { checkIn, checkOut } from '../visits/visit-ops';
import type { OpHandler } from './op-context';

export const OP_HANDLERS: { [T in OpType]: OpHandler<OpPayload<T>> } = {
  'visit.checkIn': checkIn,
  'visit.checkOut': checkOut,
  'customer.create': createCustomer,
  'order.submit': submitOrder,
};
