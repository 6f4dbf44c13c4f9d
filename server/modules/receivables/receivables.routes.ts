/**
 * Payment and receivable calls under /order/api (product-spec.md §7 "orderpayment, payment
 * history, receivable info"), all refused while RECEIVABLE is off: orderpayment/ (list, record,
 * detail, confirm, cancel), paymenthistory/ (an order's or a customer's payments), receivableinfo/
 * (a customer's balance, limits and aging, or an order's figures). Data scope: the customers of the
 * caller's role.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { vietnamDay } from '@contract/price-policy';
import { ageItems } from '@contract/receivables-ledger';
import { can } from '@contract/roles';
import { CompanyBody, PaymentCancelSchema, PaymentCreateSchema, PaymentListQuery, ReceivableInfoQuery } from '@contract/receivables-calls';
import { companyQueryField, uuidField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { receivableAccess, requireCustomer } from './access';
import { orderReceivable } from './order-receivable';
import { customerPayments, listPayments } from './payment-list';
import { paymentRecordsById } from './payment-record';
import { cancelPayment, confirmPayment, recordPayment } from './payment-write';
import { receivableRecords } from './receivable-record';
import { settingsOf } from './settings';

const PaymentId = uuidField('Phiếu thu');
const CompanyQuery = v.object({ company: companyQueryField });

function paymentIdOf(c: Context): string {
  const parsed = v.safeParse(PaymentId, c.req.param('id'));
  if (!parsed.success) throw notFound('Không tìm thấy phiếu thu');
  return parsed.output;
}

export function receivableRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  /** A payment of the company whose customer is in the caller's scope, else "not found". */
  async function paymentInScope(companyId: number, id: string, scope: Parameters<typeof paymentRecordsById>[3]) {
    const record = (await paymentRecordsById(db, companyId, [id], scope)).get(id);
    if (!record) throw notFound('Không tìm thấy phiếu thu');
    return record;
  }

  app.get('/orderpayment', async (c) => {
    const query = parseQuery(c, PaymentListQuery);
    const { scope } = await receivableAccess(db, c, query.company, 'view');
    const page = await listPayments(db, query, scope);
    return ok(c, page.rows, { count: page.count, bonus: { total_amount: page.total } });
  });

  app.post('/orderpayment', async (c) => {
    const input = await parseBody(c, PaymentCreateSchema);
    const { access, scope } = await receivableAccess(db, c, input.company, 'create');
    await requireCustomer(db, input.company, input.customer, scope);
    // Confirming money is the cashier's (approve); anyone else's payment waits for them.
    const confirmed = input.confirmed && can(access, 'receivables', 'approve');
    const accountId = c.get('auth').accountId;
    const record = await db.transaction((tx) =>
      recordPayment(tx, {
        companyId: input.company,
        customerId: input.customer,
        orderId: input.order,
        amount: input.amount,
        method: input.method,
        reference: input.reference,
        note: input.note,
        collectedBy: accountId,
        confirmed,
        confirmedBy: accountId,
        source: 'office',
      }),
    );
    return created(c, record, confirmed ? `Đã ghi nhận phiếu thu ${record.code}` : `Đã lập phiếu thu ${record.code}, chờ thủ quỹ xác nhận`);
  });

  app.get('/orderpayment/:id', async (c) => {
    const id = paymentIdOf(c);
    const query = parseQuery(c, CompanyQuery);
    const { scope } = await receivableAccess(db, c, query.company, 'view');
    return ok(c, await paymentInScope(query.company, id, scope));
  });

  app.put('/orderpayment/:id/confirm', async (c) => {
    const id = paymentIdOf(c);
    const input = await parseBody(c, CompanyBody);
    const { scope } = await receivableAccess(db, c, input.company, 'approve');
    await paymentInScope(input.company, id, scope);
    const record = await db.transaction((tx) =>
      confirmPayment(tx, { companyId: input.company, paymentId: id, accountId: c.get('auth').accountId }),
    );
    return ok(c, record, { message: `Đã xác nhận phiếu thu ${record.code}` });
  });

  app.put('/orderpayment/:id/cancel', async (c) => {
    const id = paymentIdOf(c);
    const input = await parseBody(c, PaymentCancelSchema);
    const { scope } = await receivableAccess(db, c, input.company, 'delete');
    await paymentInScope(input.company, id, scope);
    const record = await db.transaction((tx) =>
      cancelPayment(tx, { companyId: input.company, paymentId: id, accountId: c.get('auth').accountId, reason: input.reason }),
    );
    return ok(c, record, { message: `Đã hủy phiếu thu ${record.code}` });
  });

  app.get('/paymenthistory', async (c) => {
    const query = parseQuery(c, ReceivableInfoQuery);
    const { scope } = await receivableAccess(db, c, query.company, 'view');
    if (query.order) return ok(c, (await orderReceivable(db, query.company, query.order, scope)).payments);
    if (!query.customer)
      throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn đơn hàng hoặc khách hàng', { order: 'Vui lòng chọn đơn hàng' });
    await requireCustomer(db, query.company, query.customer, scope);
    return ok(c, await customerPayments(db, query.company, query.customer));
  });

  app.get('/receivableinfo', async (c) => {
    const query = parseQuery(c, ReceivableInfoQuery);
    const { scope } = await receivableAccess(db, c, query.company, 'view');
    if (query.order) return ok(c, await orderReceivable(db, query.company, query.order, scope));
    if (!query.customer)
      throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn đơn hàng hoặc khách hàng', { customer: 'Vui lòng chọn khách hàng' });
    await requireCustomer(db, query.company, query.customer, scope);
    const record = (await receivableRecords(db, query.company, [query.customer])).get(query.customer)!;
    const settings = await settingsOf(db, query.company);
    return ok(c, {
      ...record,
      aging: ageItems(record.open_items, vietnamDay(), settings.aging_bounds),
      aging_bounds: settings.aging_bounds,
    });
  });

  return app;
}
