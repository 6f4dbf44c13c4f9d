/**
 * Receivable reports and settings under /order/api, all refused while RECEIVABLE is off:
 * receivableaging/ (customers by days past due, in the company's buckets), receivableledger/ (a
 * customer's ledger with its running balance), receivablestatement/ (the debt-confirmation
 * statement of a period) and receivablestatement/export/ (the same as Excel), cashsummary/ (each
 * rep's collections of a day), receivablesetting/ (the policy over a limit, default credit days,
 * aging buckets), creditlimit/{customer}/ and creditlimitstaff/ (limits in money and days per
 * customer and per rep).
 */
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addDays } from '@contract/calendar-days';
import { agingBuckets } from '@contract/receivables-ledger';
import { vietnamDay } from '@contract/price-policy';
import {
  AgingQuery,
  CashSummaryQuery,
  CreditLimitSchema,
  LedgerQuery,
  ReceivableSettingsSchema,
  RepIdParam,
  StatementQuery,
} from '@contract/receivables-calls';
import type { CashSummaryRow } from '@contract/receivables';
import { companyQueryField, uuidField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { accountCompanies, accounts, customerCredit, customers, payments, repCredit } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { recordChanges, recordUpserts } from '@server/kernel/sync/change-log';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { receivableAccess, requireCustomer, staffInScope } from './access';
import { agingRows, ledgerRows, statementOf } from './ledger-read';
import { dayStart } from './payment-list';
import { repCreditRecords } from './receivable-record';
import { saveSettings, settingsOf } from './settings';
import { statementSheetResponse } from './statement-sheet';

const CompanyQuery = v.object({ company: companyQueryField });

function pathValue<S extends v.GenericSchema<unknown, string | number>>(
  c: Context,
  schema: S,
  name: string,
  missing: string,
): v.InferOutput<S> {
  const parsed = v.safeParse(schema, c.req.param(name));
  if (!parsed.success) throw notFound(missing);
  return parsed.output;
}

/** The receivable report and setting calls: each path and the handler below that answers it. */
export function receivableReportRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/receivableaging', (c) => agingReport(deps, c));
  app.get('/receivableledger', (c) => customerLedger(deps, c));
  app.get('/receivablestatement', (c) => customerStatement(deps, c));
  app.get('/receivablestatement/export', (c) => statementSheet(deps, c));
  app.get('/cashsummary', (c) => cashSummary(deps, c));
  app.get('/receivablesetting', (c) => readSettings(deps, c));
  app.put('/receivablesetting', (c) => writeSettings(deps, c));
  app.put('/creditlimit/:customer', (c) => setCustomerLimit(deps, c));
  app.get('/creditlimitstaff', (c) => staffLimits(deps, c));
  app.put('/creditlimitstaff/:account', (c) => setStaffLimit(deps, c));
  return app;
}

async function agingReport({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, AgingQuery);
  const { scope } = await receivableAccess(db, c, query.company, 'view');
  const { aging_bounds: bounds } = await settingsOf(db, query.company);
  const rows = await agingRows(db, query.company, bounds, scope, {
    search: query.search,
    only: query.only,
    asOf: query.as_of,
    ordering: query.ordering,
  });
  const totals = rows.reduce(
    (sum, row) => ({
      balance: sum.balance + row.balance,
      not_due: sum.not_due + row.not_due,
      overdue: sum.overdue + row.overdue,
      buckets: sum.buckets.map((amount, index) => amount + row.buckets[index]!),
    }),
    { balance: 0, not_due: 0, overdue: 0, buckets: bounds.map(() => 0).concat(0) },
  );
  const page = rows.slice((query.page - 1) * query.limit, query.page * query.limit);
  return ok(c, page, { count: rows.length, bonus: { totals, buckets: agingBuckets(bounds), as_of: query.as_of ?? vietnamDay() } });
}

async function customerLedger({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, LedgerQuery);
  const { scope } = await receivableAccess(db, c, query.company, 'view');
  await requireCustomer(db, query.company, query.customer, scope);
  const { opening, rows } = await ledgerRows(db, query.company, query.customer, query.date_from, query.date_to);
  return ok(c, rows, { count: rows.length, bonus: { opening } });
}

async function customerStatement({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, StatementQuery);
  const { scope } = await receivableAccess(db, c, query.company, 'view');
  await requireCustomer(db, query.company, query.customer, scope);
  return ok(c, await statementOf(db, query.company, query.customer, query.date_from, query.date_to));
}

async function statementSheet({ db, logger }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, StatementQuery);
  // Excel is the role's "Xuất Excel" on receivables, as every export is; the customer in its scope.
  const { scope } = await receivableAccess(db, c, query.company, 'export');
  await requireCustomer(db, query.company, query.customer, scope);
  // Read whole before the answer starts: any refusal is still an envelope, never a broken file.
  const statement = await statementOf(db, query.company, query.customer, query.date_from, query.date_to);
  return statementSheetResponse(statement, (error) => logger.error({ err: error }, 'statement export failed'));
}

async function cashSummary({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, CashSummaryQuery);
  const { access, scope } = await receivableAccess(db, c, query.company, 'view');
  const day = query.day ?? vietnamDay();
  // A rep sees their own day; the office every collector's. Either counts only the payments of the
  // customers in their data scope, as the payment list and the aging do (a region's manager: the region's).
  const own = access.scope === 'own' ? eq(payments.collectedBy, access.accountId) : undefined;
  const money = (condition: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${payments.amount}) filter (where ${condition}), 0)`;
  const rows = await db
    .select({
      accountId: payments.collectedBy,
      name: accounts.fullName,
      count: sql<number>`count(*)::int`,
      cash: money(sql`${payments.method} = 'cash'`),
      transfer: money(sql`${payments.method} = 'transfer'`),
      cod: money(sql`${payments.method} = 'cod'`),
      pending: money(sql`${payments.state} = 'pending'`),
      confirmed: money(sql`${payments.state} = 'confirmed'`),
    })
    .from(payments)
    .innerJoin(accounts, eq(accounts.id, payments.collectedBy))
    .innerJoin(customers, eq(customers.id, payments.customerId))
    .where(
      and(
        eq(payments.companyId, query.company),
        inArray(payments.state, ['pending', 'confirmed']),
        gte(payments.collectedAt, dayStart(day)),
        lt(payments.collectedAt, dayStart(addDays(day, 1))),
        own,
        scope ?? undefined,
      ),
    )
    .groupBy(payments.collectedBy, accounts.fullName)
    .orderBy(asc(accounts.fullName));
  const summary: CashSummaryRow[] = rows.map((row) => ({
    account_id: row.accountId!,
    account_name: row.name,
    count: row.count,
    cash: Number(row.cash),
    transfer: Number(row.transfer),
    cod: Number(row.cod),
    pending: Number(row.pending),
    confirmed: Number(row.confirmed),
    total: Number(row.pending) + Number(row.confirmed),
  }));
  return ok(c, summary, { count: summary.length, bonus: { day } });
}

async function readSettings({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, CompanyQuery);
  await receivableAccess(db, c, query.company, 'view');
  return ok(c, await settingsOf(db, query.company));
}

async function writeSettings({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, ReceivableSettingsSchema);
  await receivableAccess(db, c, input.company, 'edit');
  const { company, ...settings } = input;
  await db.transaction(async (tx) => {
    const before = await settingsOf(tx, company);
    await saveSettings(tx, company, settings);
    if (before.credit_policy === settings.credit_policy) return;
    // The phones decide offline with the policy their records carry: those with a limit hear of it.
    const limited = await tx.select({ id: customerCredit.customerId }).from(customerCredit).where(eq(customerCredit.companyId, company));
    await recordUpserts(
      tx,
      company,
      'receivable',
      limited.map((row) => row.id),
    );
    const reps = await tx.select({ id: repCredit.accountId }).from(repCredit).where(eq(repCredit.companyId, company));
    await recordChanges(
      tx,
      reps.map((rep) => ({
        companyId: company,
        entity: 'rep_credit' as const,
        entityId: rep.id,
        op: 'upsert' as const,
        ownerAccountId: rep.id,
      })),
    );
  });
  return ok(c, await settingsOf(db, company), { message: 'Đã lưu cài đặt công nợ' });
}

async function setCustomerLimit({ db }: AppDeps, c: Context<AppEnv>) {
  const customerId = pathValue(c, uuidField('Khách hàng'), 'customer', 'Không tìm thấy khách hàng');
  const input = await parseBody(c, CreditLimitSchema);
  const { scope } = await receivableAccess(db, c, input.company, 'edit');
  await requireCustomer(db, input.company, customerId, scope);
  const values = {
    creditLimit: input.credit_limit,
    creditDays: input.credit_days,
    updatedBy: c.get('auth').accountId,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(customerCredit)
      .values({ companyId: input.company, customerId, ...values })
      .onConflictDoUpdate({ target: [customerCredit.companyId, customerCredit.customerId], set: values });
    await recordUpserts(tx, input.company, 'receivable', [customerId]);
  });
  return ok(
    c,
    { customer: customerId, credit_limit: input.credit_limit, credit_days: input.credit_days },
    { message: 'Đã lưu hạn mức công nợ' },
  );
}

async function staffLimits({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, CompanyQuery);
  // Colleagues' limits are the settings' business, not every member's; a regional manager's are their region's.
  const { access } = await receivableAccess(db, c, query.company, 'edit');
  const staff = await db
    .select({ id: accounts.id, name: accounts.fullName, code: accountCompanies.code })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(
      and(
        eq(accountCompanies.companyId, query.company),
        eq(accountCompanies.staffKind, 'sales'),
        eq(accountCompanies.status, 'accept'),
        eq(accountCompanies.isActive, true),
        staffInScope(access),
      ),
    )
    .orderBy(asc(accounts.fullName));
  const limits = await repCreditRecords(
    db,
    query.company,
    staff.map((person) => person.id),
  );
  return ok(
    c,
    staff.map((person) => {
      const limit = limits.get(person.id);
      return {
        account_id: person.id,
        name: person.name,
        code: person.code,
        credit_limit: limit?.credit_limit ?? null,
        credit_days: limit?.credit_days ?? null,
        exposure: limit?.exposure ?? null,
      };
    }),
  );
}

async function setStaffLimit({ db }: AppDeps, c: Context<AppEnv>) {
  const accountId = pathValue(c, RepIdParam, 'account', 'Không tìm thấy nhân viên');
  const input = await parseBody(c, CreditLimitSchema);
  const { access } = await receivableAccess(db, c, input.company, 'edit');
  const [member] = await db
    .select({ id: accountCompanies.id })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, input.company), eq(accountCompanies.accountId, accountId), staffInScope(access)));
  if (!member) throw notFound('Không tìm thấy nhân viên');
  const values = { creditLimit: input.credit_limit, creditDays: input.credit_days, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(repCredit)
      .values({ companyId: input.company, accountId, ...values })
      .onConflictDoUpdate({ target: [repCredit.companyId, repCredit.accountId], set: values });
    await recordChanges(tx, [
      { companyId: input.company, entity: 'rep_credit', entityId: accountId, op: 'upsert', ownerAccountId: accountId },
    ]);
  });
  return ok(
    c,
    { account_id: accountId, credit_limit: input.credit_limit, credit_days: input.credit_days },
    { message: 'Đã lưu hạn mức của nhân viên' },
  );
}
