/**
 * Warehouses of a company and which one a call may use. Every company has one default warehouse
 * (created the first time anything asks for it); with the WAREHOUSE service off it is the only one
 * a call may name, so the switch decides what the server accepts, not only what the menu shows.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { WarehouseRecord } from '@contract/warehouse';
import type { Db } from '@server/kernel/db/client';
import { accounts, warehouses } from '@server/kernel/db/schema';
import { badRequest, forbidden, notFound } from '@server/kernel/errors';
import { isSwitchOn } from '@server/kernel/switches';

type WarehouseRow = typeof warehouses.$inferSelect;

export const DEFAULT_WAREHOUSE = { code: 'KHO01', name: 'Kho chính' } as const;

export function toWarehouseRecord(row: WarehouseRow, keeperName: string | null): WarehouseRecord {
  return {
    id: row.id,
    company: row.companyId,
    code: row.code,
    name: row.name,
    address: row.address,
    is_default: row.isDefault,
    is_active: row.isActive,
    keeper_id: row.keeperId,
    keeper_name: keeperName,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function warehouseRecords(db: Db, companyId: number, ids?: readonly number[]): Promise<WarehouseRecord[]> {
  const rows = await db
    .select({ warehouse: warehouses, keeperName: accounts.fullName })
    .from(warehouses)
    .leftJoin(accounts, eq(accounts.id, warehouses.keeperId))
    .where(eq(warehouses.companyId, companyId))
    .orderBy(asc(warehouses.code));
  return rows
    .filter(({ warehouse }) => !ids || ids.includes(warehouse.id))
    .map(({ warehouse, keeperName }) => toWarehouseRecord(warehouse, keeperName));
}

/** The company's default warehouse, made on first use (a race makes it once: the unique index decides). */
export async function defaultWarehouse(db: Db, companyId: number): Promise<WarehouseRow> {
  const [existing] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.isDefault, true)));
  if (existing) return existing;
  await db
    .insert(warehouses)
    .values({ companyId, code: DEFAULT_WAREHOUSE.code, name: DEFAULT_WAREHOUSE.name, isDefault: true })
    .onConflictDoNothing();
  const [made] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.isDefault, true)));
  if (made) return made;
  // KHO01 was taken by a warehouse someone created by hand before any default existed: make it the default.
  const [byCode] = await db
    .update(warehouses)
    .set({ isDefault: true })
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.code, DEFAULT_WAREHOUSE.code)))
    .returning();
  return byCode!;
}

/**
 * The warehouse a call works in: the one it names (an active warehouse of the company, allowed only
 * with the WAREHOUSE service on, unless it is the default) or the default one.
 */
export async function usableWarehouse(db: Db, companyId: number, id: number | null | undefined): Promise<WarehouseRow> {
  const fallback = await defaultWarehouse(db, companyId);
  if (!id || id === fallback.id) return fallback;
  if (!(await isSwitchOn(db, companyId, 'WAREHOUSE')))
    throw forbidden('FEATURE_OFF', 'Công ty chưa bật chức năng Quản lý kho: chỉ dùng được kho mặc định');
  const [row] = await db
    .select()
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.id, id)));
  if (!row) throw notFound('Không tìm thấy kho');
  if (!row.isActive) throw forbidden('FORBIDDEN', `Kho "${row.name}" đã ngừng hoạt động`);
  return row;
}

const SAME_WAREHOUSE = 'Kho nhận phải khác kho xuất';

/**
 * The receiving warehouse of a transfer: another usable warehouse (so the service must be on). The
 * same warehouse is a mistake in the form (400 on `to_warehouse`), not something the caller may not do.
 */
export async function otherWarehouse(db: Db, companyId: number, id: number, except: number): Promise<WarehouseRow> {
  if (id === except) throw badRequest('VALIDATION_FAILED', SAME_WAREHOUSE, { to_warehouse: SAME_WAREHOUSE });
  return usableWarehouse(db, companyId, id);
}
