/**
 * Region calls (product-spec.md §7 "Region (region/api)", mounted at /api/region/api; contract/regions.ts):
 *
 *   GET    regions/?company&search&page&limit        regions the caller may see (search: code, name, description, provinces)
 *   POST   regions/                                   create                         regions/create, company scope
 *   GET    region/{id}/?company                       one region                     regions/view
 *   PUT    region/{id}/                               change, provinces replaced     regions/edit
 *   DELETE region/{id}/?company                       refused while staff assigned   regions/delete, company scope
 *   GET    getstaff/ getcustomer/ getorder/?company&region&search&page&limit        regions/view
 *   GET    import/?company                            the .xlsx template             regions/view
 *   POST   import/                                    rows of such a sheet           regions/create + edit, company scope
 *   GET    configkpi/ · POST configkpi/ · GET views/ · GET my-kpi/                   kpi.routes.ts
 *
 * Every call checks the caller's permission (403, Vietnamese message) and what they may see:
 * a region-scope member only their own region (contract/regions.ts).
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';

import { Hono, type Context } from 'hono';
import { formatAddress } from '@contract/address';

import type { OrderStatus } from '@contract/orders-status';
import {
  REGION_MESSAGES,
  REGION_TEMPLATE_FILE_NAME,
  RegionChildQuery,
  RegionCompanyQuery,
  RegionImportSchema,
  RegionInputSchema,
  RegionListQuery,
  type RegionCustomerRow,
  type RegionImportAnswer,
  type RegionOrderRow,
  type RegionStaffRow,
} from '@contract/regions';
import { can, permissionDenied } from '@contract/roles';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, customers, orders, regions } from '@server/kernel/db/schema';
import { conflict, forbidden, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { listEmployees } from '@server/modules/employees';
import { requirePermission } from '@server/modules/roles';
import { matchesSearch, pagedRows } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';
import { listCustomers } from '@server/modules/customers';
import { getProvinceIndex } from '@server/modules/address';
import { importRegionRows, regionTemplate } from './region-import';
import {
  assertCompanyScope,
  assertRegionVisible,
  inProvinces,
  LIVE_MEMBER,
  provincesByRegion,
  regionRecords,
  regionRow,
  visibleRegion,
  writeRegion,
} from './regions.repo';
import { contentDisposition } from '@server/kernel/content-disposition';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The region calls: each path and the handler below that answers it. */
export function regionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/regions', (c) => listRegions(deps, c));
  app.post('/regions', (c) => createRegion(deps, c));
  app.get('/region/:id', (c) => regionDetail(deps, c));
  app.put('/region/:id', (c) => updateRegion(deps, c));
  app.delete('/region/:id', (c) => deleteRegion(deps, c));
  app.get('/getstaff', (c) => regionStaff(deps, c));
  app.get('/getcustomer', (c) => regionCustomers(deps, c));
  app.get('/getorder', (c) => regionOrders(deps, c));
  app.get('/import', (c) => importTemplate(deps, c));
  app.post('/import', (c) => importRegions(deps, c));
  return app;
}

async function recordOf(db: Db, companyId: number, id: number) {
  const [record] = await regionRecords(db, companyId, [id], await getProvinceIndex());
  if (!record) throw notFound(REGION_MESSAGES.notFound);
  return record;
}

async function listRegions({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, RegionListQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'regions', 'view');
  const visible = visibleRegion(access);
  if (visible === null) return ok(c, [], { count: 0 });
  const index = await getProvinceIndex();
  // A company has tens of regions: filtered here on their folded code, name, description and provinces.
  const rows = await db
    .select({ id: regions.id, code: regions.code, name: regions.name, description: regions.description })
    .from(regions)
    .where(and(eq(regions.companyId, query.company), visible === 'all' ? undefined : eq(regions.id, visible)))
    .orderBy(asc(regions.code));
  const provinces = await provincesByRegion(db, query.company);
  const matching = rows.filter((row) => {
    const names = (provinces.get(row.id) ?? []).map((code) => index.nameOf(code) ?? '');
    return matchesSearch([row.code, row.name, row.description ?? '', ...names].join(' '), query.search);
  });
  const page = matching.slice((query.page - 1) * query.limit, query.page * query.limit);
  const records = await regionRecords(
    db,
    query.company,
    page.map((row) => row.id),
    index,
  );
  return ok(c, records, { count: matching.length });
}

async function createRegion({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, RegionInputSchema);
  const access = await requirePermission(db, c.get('auth'), input.company, 'regions', 'create');
  assertCompanyScope(access);
  const index = await getProvinceIndex();
  const id = await db.transaction((tx) => writeRegion(tx, input.company, null, input, index));
  return created(c, await recordOf(db, input.company, id), REGION_MESSAGES.created);
}

async function regionDetail({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  const { company } = parseQuery(c, RegionCompanyQuery);
  const access = await requirePermission(db, c.get('auth'), company, 'regions', 'view');
  await regionRow(db, company, id);
  assertRegionVisible(access, id);
  return ok(c, await recordOf(db, company, id));
}

async function updateRegion({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  const input = await parseBody(c, RegionInputSchema);
  const access = await requirePermission(db, c.get('auth'), input.company, 'regions', 'edit');
  await regionRow(db, input.company, id);
  assertRegionVisible(access, id);
  const index = await getProvinceIndex();
  await db.transaction((tx) => writeRegion(tx, input.company, id, input, index));
  return ok(c, await recordOf(db, input.company, id), { message: REGION_MESSAGES.updated });
}

async function deleteRegion({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  const { company } = parseQuery(c, RegionCompanyQuery);
  const access = await requirePermission(db, c.get('auth'), company, 'regions', 'delete');
  assertCompanyScope(access);
  await db.transaction(async (tx) => {
    await regionRow(tx, company, id);
    const assigned = await tx
      .select({ name: accounts.fullName })
      .from(accountCompanies)
      .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
      .where(and(eq(accountCompanies.companyId, company), eq(accountCompanies.regionId, id), LIVE_MEMBER))
      .orderBy(asc(accounts.fullName));
    if (assigned.length) {
      const names = assigned.slice(0, 5).map((row) => row.name);
      const more = assigned.length > 5 ? ` và ${assigned.length - 5} người khác` : '';
      throw conflict(REGION_MESSAGES.hasStaff(assigned.length, `${names.join(', ')}${more}`));
    }
    // Deactivated or refused members keep their history, not a region that no longer exists.
    await tx
      .update(accountCompanies)
      .set({ regionId: null, updatedAt: new Date() })
      .where(and(eq(accountCompanies.companyId, company), eq(accountCompanies.regionId, id)));
    // Provinces and KPI targets go with it (on delete cascade).
    await tx.delete(regions).where(and(eq(regions.companyId, company), eq(regions.id, id)));
  });
  return ok(c, null, { message: REGION_MESSAGES.deleted });
}

/** The region of a child list: it must exist in the company and be visible to the caller. */
async function childRegion(db: Db, c: Context<AppEnv>) {
  const query = parseQuery(c, RegionChildQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'regions', 'view');
  await regionRow(db, query.company, query.region);
  assertRegionVisible(access, query.region);
  return query;
}

async function regionStaff({ db }: AppDeps, c: Context<AppEnv>) {
  const query = await childRegion(db, c);
  // The employee list's own query, filtered to the region (members and invitations).
  const { rows, count: total } = await listEmployees(
    db,
    { company: query.company, region: query.region, search: query.search, page: query.page, limit: query.limit },
    { kind: 'company' },
  );
  const page: RegionStaffRow[] = rows.map((row) => ({
    account_id: row.id,
    code: row.code,
    full_name: row.full_name,
    phone: row.phone,
    email: row.email,
    staff_kind: row.staff_kind,
    role_name: row.role?.name ?? null,
    manager_name: row.manager?.full_name ?? null,
    is_active: row.is_active,
    start_date: row.start_date,
  }));
  return ok(c, page, { count: total });
}

/** The address codes (old and new) of the region's provinces. */
async function regionAddressCodes(db: Db, companyId: number, regionId: number) {
  const index = await getProvinceIndex();
  return index.addressCodes((await provincesByRegion(db, companyId, [regionId])).get(regionId) ?? []);
}

async function regionCustomers({ db }: AppDeps, c: Context<AppEnv>) {
  const query = await childRegion(db, c);
  const codes = await regionAddressCodes(db, query.company, query.region);
  // The customer list's own query, scoped to the region's provinces, sorted by code.
  const { rows, count: total } = await listCustomers(db, {
    company: query.company,
    search: query.search,
    page: query.page,
    limit: query.limit,
    tab: 'all',
    ordering: 'code',
    scope: inProvinces(customers.provinceCode, codes),
  });
  const data: RegionCustomerRow[] = rows.map((customer) => ({
    id: customer.id,
    code: customer.code,
    name: customer.name,
    kind: customer.kind,
    phone: customer.phone,
    address: formatAddress(customer.address),
    province_code: customer.address.province_code,
    staff_name: customer.staff_name,
    status: customer.status,
    created_at: customer.created_at,
  }));
  return ok(c, data, { count: total });
}

async function regionOrders({ db }: AppDeps, c: Context<AppEnv>) {
  const query = await childRegion(db, c);
  const codes = await regionAddressCodes(db, query.company, query.region);
  const where = and(
    eq(orders.companyId, query.company),
    inProvinces(orders.provinceCode, codes),
    ne(orders.status, 'draft'),
    ...wordConditions(orders.searchText, query.search, { caseInsensitive: true }),
  );
  const select = db
    .select({ order: orders, accountName: accounts.fullName })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(where)
    .$dynamic();
  const { rows, count } = await pagedRows(db, select, [desc(orders.createdAt), asc(orders.id)], query);
  const data: RegionOrderRow[] = rows.map(({ order, accountName }) => ({
    id: order.id,
    code: order.code,
    local_no: order.localNo,
    status: order.status as OrderStatus,
    customer_name: order.customerName,
    customer_address: order.customerAddress,
    account_name: accountName,
    total: order.total,
    created_at: order.createdAt.toISOString(),
  }));
  return ok(c, data, { count });
}

async function importTemplate({ db }: AppDeps, c: Context<AppEnv>) {
  const { company } = parseQuery(c, RegionCompanyQuery);
  await requirePermission(db, c.get('auth'), company, 'regions', 'view');
  const buffer = await regionTemplate(db, company, await getProvinceIndex());
  return new Response(new Uint8Array(buffer), {
    status: 200,
    headers: {
      'Content-Type': XLSX,
      'Content-Disposition': contentDisposition('attachment', REGION_TEMPLATE_FILE_NAME),
      'Cache-Control': 'no-store',
    },
  });
}

async function importRegions({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, RegionImportSchema);
  const access = await requirePermission(db, c.get('auth'), input.company, 'regions', 'create');
  if (!can(access, 'regions', 'edit')) throw forbidden('FORBIDDEN', permissionDenied('regions', 'edit'));
  assertCompanyScope(access);
  const answer: RegionImportAnswer = await importRegionRows(db, input.company, input.rows, await getProvinceIndex());
  const message = `Đã thêm ${answer.created}, cập nhật ${answer.updated} khu vực${answer.errors.length ? `, ${answer.errors.length} dòng lỗi` : ''}`;
  return ok(c, answer, { message });
}
