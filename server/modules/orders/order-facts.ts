/**
 * What an order is checked against first (server/modules/orders/order-submit.ts): the orders that
 * already have its id or the phone's number, and its customer.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { OrderSubmitPayload } from '@contract/orders';
import { customers, customerTypes } from '@server/kernel/db/schema';
import { jsonColumn } from '@server/kernel/sql';
import { OpRejection, type OpContext } from '@server/kernel/sync/op-context';
import { inScopeColumn } from '@server/modules/roles';

type KnownOrder = { id: string; companyId: number; accountId: number; status: string };

/**
 * What the order is checked against first, in one statement: the orders that already have its id
 * or the phone's number, and its customer (null when the company has none of that id) with its
 * group's wholesale flag, which prices it, and whether the caller reaches it. Read from a row of
 * its own so that the known orders come back when the customer does not.
 */
export async function orderFacts({ tx, companyId, access }: OpContext, payload: OrderSubmitPayload) {
  const known = sql<KnownOrder[] | string>`(
    select coalesce(json_agg(json_build_object('id', o.id, 'companyId', o.company_id, 'accountId', o.account_id, 'status', o.status)), '[]')
    from orders o where o.id = ${payload.orderId} or (o.company_id = ${companyId} and o.local_no = ${payload.localNo}))`;
  const [row] = await tx
    .select({ known, customer: customers, groupWholesale: customerTypes.isWholesale, inScope: await inScopeColumn(tx, access) })
    .from(sql`(select 1) as one`)
    .leftJoin(customers, and(eq(customers.id, payload.customerId), eq(customers.companyId, companyId)))
    .leftJoin(customerTypes, and(eq(customerTypes.id, customers.customerTypeId), eq(customerTypes.companyId, customers.companyId)));
  const { known: knownJson, customer, groupWholesale, inScope } = row!;
  return { known: jsonColumn(knownJson), found: customer ? { customer, groupWholesale, inScope } : undefined };
}

/**
 * An order id already known: a refused order of the same rep may be sent again, nothing else.
 * Whether another order of the company has the phone's number (`clash`) is refused later, after
 * the checks a rep can act on.
 */
export function priorOrder(
  context: OpContext,
  payload: OrderSubmitPayload,
  known: KnownOrder[],
): { kind: 'new' | 'resubmit'; clash: boolean } {
  const clash = known.some((order) => order.id !== payload.orderId);
  const prior = known.find((order) => order.id === payload.orderId);
  if (!prior) return { kind: 'new', clash };
  if (prior.companyId !== context.companyId || prior.accountId !== context.accountId)
    throw new OpRejection('ORDER_ID_TAKEN', 'Mã đơn hàng đã được dùng');
  if (prior.status !== 'rejected') throw new OpRejection('ORDER_ALREADY_ACCEPTED', 'Đơn hàng này đã được gửi và tiếp nhận trước đó');
  return { kind: 'resubmit', clash };
}
