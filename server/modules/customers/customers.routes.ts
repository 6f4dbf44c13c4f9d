/**
 * Customer calls (product-spec.md §7 "Customer", prefix /customer/api): customers, their groups (customertype)
 * and levels, putting customers into groups, bulk changes, and the business types.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { companyQueryField } from '@contract/validation';
import {
  BulkCustomerUpdateSchema,
  CUSTOMER_KINDS,
  CustomerCreateInputSchema,
  CustomerInputSchema,
  CustomerListQuery,
  CustomerStatusSchema,
  CustomerTableViewSchema,
  DEFAULT_CUSTOMER_COLUMNS,
  GroupMembersSchema,
} from '@contract/customers';
import { uuidv7 } from '@contract/uuid';
import type { PermissionAction } from '@contract/roles';
import type { AppDeps, AppEnv, AuthInfo } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { customerPrivacyEvents, customers, customerTypes, orders, payments, visits } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, parseWith } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireMembership } from '@server/kernel/membership';
import { readTableView, saveTableView } from '@server/kernel/table-views';
import { customerScope, requirePermission } from '@server/modules/roles';
import { recordChange } from '@server/kernel/sync/change-log';
import { customerGroupRoutes } from './customer-groups.routes';
import { customerSheetRoutes } from './customer-sheet.routes';
import { licenceScanRoutes } from './customer-licence-scan.routes';
import { privacyRoutes } from './customer-privacy.routes';
import { listCustomers } from './customer-list';
import { insertCustomer, loadCustomerRecords } from './customer-record';
import { assertCodeFree, checkReferences, customersOfCompany, updateCustomerRow, updateCustomersColumns } from './customer-write';

const CompanyQuery = v.object({
  company: companyQueryField,
});
const CustomerId = v.pipe(v.string(), v.uuid('Mã khách hàng không hợp lệ'));

export function customerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/customer', (c) => listCustomerPage(deps, c));
  app.post('/customer', (c) => createCustomer(deps, c));
  app.get('/customer/:id', (c) => customerDetail(deps, c));
  app.put('/customer/:id', (c) => editCustomer(deps, c));
  app.put('/customer/:id/status', (c) => setCustomerStatus(deps, c));
  app.delete('/customer/:id', (c) => deleteCustomer(deps, c));
  app.post('/addcustomer', (c) => addToGroup(deps, c));
  app.post('/deletecustomer', (c) => removeFromGroup(deps, c));
  app.put('/update-customer', (c) => bulkUpdateCustomers(deps, c));
  app.get('/bussinesstype', (c) => businessTypes(c));
  app.get('/customer-table', (c) => readCustomerTable(deps, c));
  app.put('/customer-table', (c) => saveCustomerTable(deps, c));
  app.route('/', customerGroupRoutes(deps));
  app.route('/', customerSheetRoutes(deps));
  app.route('/', licenceScanRoutes(deps));
  app.route('/', privacyRoutes(deps));
  return app;
}

/** The customer id of the path, or 404 (a malformed id can name no customer). */
function customerIdOf(raw: string | undefined): string {
  const parsed = v.safeParse(CustomerId, raw);
  if (!parsed.success) throw notFound('Không tìm thấy khách hàng');
  return parsed.output;
}

/** Checks the permission and answers the caller's data scope for customers. */
async function scopeFor(db: Db, auth: AuthInfo, companyId: number, action: PermissionAction): Promise<SQL | null> {
  return customerScope(db, await requirePermission(db, auth, companyId, 'customers', action));
}

async function recordOf(db: Db, companyId: number, id: string) {
  const record = (await loadCustomerRecords(db, companyId, [id])).get(id);
  if (!record) throw notFound('Không tìm thấy khách hàng');
  return record;
}

async function listCustomerPage(deps: AppDeps, c: Context<AppEnv>) {
  const { db } = deps;
  const query = parseQuery(c, CustomerListQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'customers', 'view');
  // The list may lag a moment behind (a replica; never behind the caller's own writes).
  const result = await listCustomers(await deps.reads.readDb(c), { ...query, scope: await customerScope(db, access) });
  return ok(c, result.rows, { count: result.count });
}

async function createCustomer({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, CustomerCreateInputSchema);
  const auth = c.get('auth');
  await requirePermission(db, auth, input.company, 'customers', 'create');
  let id = input.id ?? uuidv7();
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ companyId: customers.companyId }).from(customers).where(eq(customers.id, id));
    // The same form sent twice is a conflict; an id another company uses must say nothing about
    // it (ids reveal nothing across companies, server/kernel/membership.ts): the client's
    // id is only a wish, and the customer gets a new one, in the answer.
    if (existing?.companyId === input.company) throw conflict('Khách hàng này đã được tạo');
    if (existing) id = uuidv7();
    if (input.code) await assertCodeFree(tx, input.company, input.code);
    await checkReferences(tx, input.company, input);
    await insertCustomer(tx, input.company, auth.accountId, { ...input, id });
    await recordChange(tx, { companyId: input.company, entity: 'customer', entityId: id, op: 'upsert' });
  });
  return created(c, await recordOf(db, input.company, id), 'Thêm khách hàng thành công');
}

async function customerDetail({ db }: AppDeps, c: Context<AppEnv>) {
  const { company } = parseQuery(c, CompanyQuery);
  const scope = await scopeFor(db, c.get('auth'), company, 'view');
  const id = customerIdOf(c.req.param('id'));
  await customersOfCompany(db, company, [id], scope);
  return ok(c, await recordOf(db, company, id));
}

async function editCustomer({ db }: AppDeps, c: Context<AppEnv>) {
  const id = customerIdOf(c.req.param('id'));
  const input = await parseBody(c, CustomerInputSchema);
  await customersOfCompany(db, input.company, [id], await scopeFor(db, c.get('auth'), input.company, 'edit'));
  await db.transaction((tx) => updateCustomerRow(tx, input.company, id, input));
  return ok(c, await recordOf(db, input.company, id), { message: 'Cập nhật khách hàng thành công' });
}

async function setCustomerStatus({ db }: AppDeps, c: Context<AppEnv>) {
  const id = customerIdOf(c.req.param('id'));
  const input = await parseBody(c, CustomerStatusSchema);
  const scope = await scopeFor(db, c.get('auth'), input.company, 'edit');
  await db.transaction(async (tx) => {
    await customersOfCompany(tx, input.company, [id], scope);
    await updateCustomersColumns(tx, input.company, [id], { status: input.status });
  });
  return ok(c, await recordOf(db, input.company, id), { message: 'Đã cập nhật trạng thái' });
}

async function deleteCustomer({ db }: AppDeps, c: Context<AppEnv>) {
  const id = customerIdOf(c.req.param('id'));
  const { company } = parseQuery(c, CompanyQuery);
  const scope = await scopeFor(db, c.get('auth'), company, 'delete');
  await db.transaction(async (tx) => {
    await customersOfCompany(tx, company, [id], scope);
    // Visits, orders and payments keep the customer (their history would lose whom it was for).
    const [visit] = await tx.select({ id: visits.id }).from(visits).where(eq(visits.customerId, id)).limit(1);
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.customerId, id)).limit(1);
    const [payment] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.customerId, id)).limit(1);
    if (visit || order || payment)
      throw conflict('Khách hàng đã có lịch sử ghé thăm hoặc đơn hàng, không thể xóa. Hãy chuyển sang "Ngừng hoạt động".');
    // A customer with no history leaves nothing to keep: its personal-data log goes with it.
    await tx
      .delete(customerPrivacyEvents)
      .where(and(eq(customerPrivacyEvents.companyId, company), eq(customerPrivacyEvents.customerId, id)));
    await tx.delete(customers).where(eq(customers.id, id));
    await recordChange(tx, { companyId: company, entity: 'customer', entityId: id, op: 'delete' });
  });
  return ok(c, null, { message: 'Đã xóa khách hàng' });
}

async function addToGroup({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, GroupMembersSchema);
  const scope = await scopeFor(db, c.get('auth'), input.company, 'edit');
  const updated = await db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: customerTypes.id })
      .from(customerTypes)
      .where(and(eq(customerTypes.id, input.customer_type_id), eq(customerTypes.companyId, input.company)));
    if (!group) throw notFound('Không tìm thấy nhóm khách hàng');
    const ids = await customersOfCompany(tx, input.company, input.customers, scope);
    return updateCustomersColumns(tx, input.company, ids, { customerTypeId: input.customer_type_id });
  });
  return ok(c, { updated }, { message: `Đã thêm ${updated} khách hàng vào nhóm` });
}

async function removeFromGroup({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, GroupMembersSchema);
  const scope = await scopeFor(db, c.get('auth'), input.company, 'edit');
  const updated = await db.transaction(async (tx) => {
    const ids = await customersOfCompany(tx, input.company, input.customers, scope);
    const inGroup = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, input.company), eq(customers.customerTypeId, input.customer_type_id)));
    const members = new Set(inGroup.map((row) => row.id));
    return updateCustomersColumns(
      tx,
      input.company,
      ids.filter((id) => members.has(id)),
      { customerTypeId: null },
    );
  });
  return ok(c, { updated }, { message: `Đã bỏ ${updated} khách hàng khỏi nhóm` });
}

async function bulkUpdateCustomers({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, BulkCustomerUpdateSchema);
  const scope = await scopeFor(db, c.get('auth'), input.company, 'edit');
  const updated = await db.transaction(async (tx) => {
    const ids = await customersOfCompany(tx, input.company, input.customers, scope);
    await checkReferences(tx, input.company, input.changes);
    const { staff_id, level_id, customer_type_id, status } = input.changes;
    return updateCustomersColumns(tx, input.company, ids, {
      ...(staff_id !== undefined ? { staffId: staff_id } : {}),
      ...(level_id !== undefined ? { levelId: level_id } : {}),
      ...(customer_type_id !== undefined ? { customerTypeId: customer_type_id } : {}),
      ...(status !== undefined ? { status } : {}),
    });
  });
  return ok(c, { updated }, { message: `Đã cập nhật ${updated} khách hàng` });
}

/** Business types offered when creating a customer (spec "business type"). */
function businessTypes(c: Context<AppEnv>) {
  parseWith(CompanyQuery, c.req.query());
  return ok(
    c,
    CUSTOMER_KINDS.map((kind) => ({ value: kind, label: kind })),
  );
}

/** The customer table's columns of this person (customer-table views; server/kernel/table-views.ts). */
async function readCustomerTable({ db }: AppDeps, c: Context<AppEnv>) {
  const { company } = parseQuery(c, CompanyQuery);
  const auth = c.get('auth');
  await requireMembership(db, auth, company);
  return ok(c, { columns: (await readTableView(db, company, auth.accountId, 'customer-table')) ?? DEFAULT_CUSTOMER_COLUMNS });
}

async function saveCustomerTable({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, CustomerTableViewSchema);
  const auth = c.get('auth');
  await requireMembership(db, auth, input.company);
  const columns = await saveTableView(db, input.company, auth.accountId, 'customer-table', input.columns);
  return ok(c, { columns }, { message: 'Đã lưu cách hiển thị bảng' });
}
