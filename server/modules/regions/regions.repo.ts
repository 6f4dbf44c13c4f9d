/**
 * Regions in the database: their records (provinces, staff and customer counts), the checks a
 * write must pass (known provinces, a province in one region only, a code used once) and the
 * write itself. See contract/regions.ts for the rules.
 */
import { and, asc, count, eq, inArray, ne, sql, type AnyColumn } from 'drizzle-orm';
import { REGION_MESSAGES, type RegionData, type RegionRecord, type RegionRef } from '@contract/regions';
import { comparePlaceNames } from '@contract/address-units';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, customers, regionProvinces, regions } from '@server/kernel/db/schema';
import { badRequest, conflict, forbidden, notFound } from '@server/kernel/errors';
import { uniqueViolation } from '@server/kernel/sql';
import type { Access } from '@server/modules/roles';
import { getProvinceIndex, type ProvinceIndex } from '@server/modules/address';

/** Members that count as a region's staff: not deactivated, and in (or invited to) the company. */
export const LIVE_MEMBER = and(eq(accountCompanies.isActive, true), inArray(accountCompanies.status, ['accept', 'invited', 'pending']));

/**
 * The region a member is limited to: 'all' for the company scope (and owners), else the region of
 * their membership, or null when they have none (they then see no region).
 */
export function visibleRegion(access: Access): 'all' | number | null {
  if (access.isAdmin || access.scope === 'company') return 'all';
  return access.membership.regionId;
}

export function assertRegionVisible(access: Access, regionId: number): void {
  const visible = visibleRegion(access);
  if (visible !== 'all' && visible !== regionId) throw forbidden('FORBIDDEN', REGION_MESSAGES.otherRegion);
}

export function assertCompanyScope(access: Access): void {
  if (visibleRegion(access) !== 'all') throw forbidden('FORBIDDEN', REGION_MESSAGES.companyOnly);
}

export async function regionRow(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(regions)
    .where(and(eq(regions.companyId, companyId), eq(regions.id, id)));
  if (!row) throw notFound(REGION_MESSAGES.notFound);
  return row;
}

export async function regionRefs(db: Db, companyId: number): Promise<RegionRef[]> {
  return db
    .select({ id: regions.id, code: regions.code, name: regions.name })
    .from(regions)
    .where(eq(regions.companyId, companyId))
    .orderBy(asc(regions.code));
}

/** New province codes of each region of the company. */
export async function provincesByRegion(db: Db, companyId: number, ids?: readonly number[]): Promise<Map<number, string[]>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await db
    .select({ regionId: regionProvinces.regionId, code: regionProvinces.provinceCode })
    .from(regionProvinces)
    .where(and(eq(regionProvinces.companyId, companyId), ids ? inArray(regionProvinces.regionId, [...ids]) : undefined));
  const map = new Map<number, string[]>();
  for (const row of rows) map.set(row.regionId, [...(map.get(row.regionId) ?? []), row.code]);
  return map;
}

/**
 * Every address province code (new and merged old ones) of a region of the company: what a list's
 * region filter compares addresses with (reports, the visit photo gallery).
 */
export async function regionAddressCodes(db: Db, companyId: number, region: number): Promise<string[]> {
  const provinces = (await provincesByRegion(db, companyId, [region])).get(region) ?? [];
  return provinces.length ? (await getProvinceIndex()).addressCodes(provinces) : [];
}

/** Customers per new province code (old codes counted for their new province). */
export async function customersPerProvince(db: Db, companyId: number, index: ProvinceIndex): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: customers.provinceCode, n: count() })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .groupBy(customers.provinceCode);
  const map = new Map<string, number>();
  for (const row of rows) {
    const code = index.newCodeOf(row.code);
    if (code) map.set(code, (map.get(code) ?? 0) + Number(row.n));
  }
  return map;
}

/** Full records of some regions of a company, in the order of `ids`. */
export async function regionRecords(db: Db, companyId: number, ids: readonly number[], index: ProvinceIndex): Promise<RegionRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(regions)
    .where(and(eq(regions.companyId, companyId), inArray(regions.id, [...ids])));
  const provinces = await provincesByRegion(db, companyId, ids);
  const staff = await db
    .select({ regionId: accountCompanies.regionId, n: count() })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), inArray(accountCompanies.regionId, [...ids]), LIVE_MEMBER))
    .groupBy(accountCompanies.regionId);
  const staffCount = new Map(staff.map((row) => [row.regionId, Number(row.n)]));
  const perProvince = await customersPerProvince(db, companyId, index);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const codes = provinces.get(id) ?? [];
    const named = codes.map((code) => ({ code, name: index.nameOf(code) ?? code })).sort(comparePlaceNames);
    return [
      {
        id: row.id,
        company: row.companyId,
        code: row.code,
        name: row.name,
        description: row.description,
        provinces: named,
        staff_count: staffCount.get(id) ?? 0,
        customer_count: codes.reduce((sum, code) => sum + (perProvince.get(code) ?? 0), 0),
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    ];
  });
}

/**
 * Checks a region's data against the company's other regions; throws the 400 or 409 a person can
 * act on. `id` is the region being edited (null for a new one).
 */
export async function checkRegion(tx: Db, companyId: number, id: number | null, data: RegionData, index: ProvinceIndex): Promise<void> {
  const unknown = data.provinces.filter((code) => index.nameOf(code) === null);
  if (unknown.length) {
    const message = REGION_MESSAGES.unknownProvince(unknown.join(', '));
    throw badRequest('VALIDATION_FAILED', message, { provinces: message });
  }
  const [sameCode] = await tx
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.companyId, companyId), eq(regions.code, data.code), id === null ? undefined : ne(regions.id, id)));
  if (sameCode) throw conflict(REGION_MESSAGES.codeTaken(data.code), { code: REGION_MESSAGES.codeTaken(data.code) });
  if (data.provinces.length === 0) return;
  const taken = await tx
    .select({ code: regionProvinces.provinceCode, region: regions.name, regionCode: regions.code })
    .from(regionProvinces)
    .innerJoin(regions, eq(regions.id, regionProvinces.regionId))
    .where(
      and(
        eq(regionProvinces.companyId, companyId),
        inArray(regionProvinces.provinceCode, data.provinces),
        id === null ? undefined : ne(regionProvinces.regionId, id),
      ),
    );
  if (taken.length) {
    taken.sort((a, b) => data.provinces.indexOf(a.code) - data.provinces.indexOf(b.code));
    const messages = taken.map((row) =>
      REGION_MESSAGES.provinceTaken(index.nameOf(row.code) ?? row.code, `${row.region} (${row.regionCode})`),
    );
    throw conflict(messages.join('; '), { provinces: messages[0]! });
  }
}

/** Creates (id null) or replaces a region and its provinces; returns its id. */
export async function writeRegion(tx: Db, companyId: number, id: number | null, data: RegionData, index: ProvinceIndex): Promise<number> {
  await checkRegion(tx, companyId, id, data, index);
  try {
    let regionId: number;
    if (id === null) {
      const [row] = await tx
        .insert(regions)
        .values({ companyId, code: data.code, name: data.name, description: data.description })
        .returning({ id: regions.id });
      regionId = row!.id;
    } else {
      await tx
        .update(regions)
        .set({ code: data.code, name: data.name, description: data.description, updatedAt: new Date() })
        .where(and(eq(regions.companyId, companyId), eq(regions.id, id)));
      await tx.delete(regionProvinces).where(eq(regionProvinces.regionId, id));
      regionId = id;
    }
    if (data.provinces.length) {
      await tx.insert(regionProvinces).values(data.provinces.map((provinceCode) => ({ regionId, companyId, provinceCode })));
    }
    return regionId;
  } catch (error) {
    // Two writers raced past the checks: the unique keys decide, and the loser gets the same 409.
    const constraint = uniqueViolation(error);
    if (constraint === 'regions_company_code_key') throw conflict(REGION_MESSAGES.codeTaken(data.code));
    if (constraint === 'region_provinces_company_province_key')
      throw conflict('Có tỉnh/thành phố vừa được gán cho khu vực khác, vui lòng thử lại');
    throw error;
  }
}

/** The condition "this customer / order column holds an address in these new provinces". */
export function inProvinces(column: AnyColumn, codes: readonly string[]) {
  return codes.length ? inArray(column, [...codes]) : sql`false`;
}
