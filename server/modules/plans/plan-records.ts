/** Packages, vouchers and system orders as the wire carries them (contract/plans.ts). */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isSwitchCode } from '@contract/company-switches';
import type { ServicePackageRecord, SystemOrderRecord, SystemOrderStatus, VoucherRecord } from '@contract/plans';
import type { Db } from '@server/kernel/db/client';
import { accounts, companies, servicePackages, systemOrders, voucherUses, vouchers } from '@server/kernel/db/schema';
import { alias } from 'drizzle-orm/pg-core';

export function toPackageRecord(row: typeof servicePackages.$inferSelect): ServicePackageRecord {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    price_per_month: row.pricePerMonth,
    seats: row.seats,
    features: row.features.filter(isSwitchCode),
    is_active: row.isActive,
    sort: row.sort,
    trial_days: row.trialDays,
  };
}

export async function packageById(db: Db, id: number): Promise<ServicePackageRecord | null> {
  const [row] = await db.select().from(servicePackages).where(eq(servicePackages.id, id));
  return row ? toPackageRecord(row) : null;
}

export async function listPackages(db: Db, activeOnly: boolean): Promise<ServicePackageRecord[]> {
  const rows = await db
    .select()
    .from(servicePackages)
    .where(activeOnly ? eq(servicePackages.isActive, true) : undefined)
    .orderBy(servicePackages.sort, servicePackages.pricePerMonth, servicePackages.id);
  return rows.map(toPackageRecord);
}

const usedCount = sql<number>`(select count(*)::int from ${voucherUses} where ${voucherUses.voucherId} = ${vouchers.id})`;

export async function listVouchers(db: Db, where?: SQL): Promise<VoucherRecord[]> {
  const rows = await db
    .select({ voucher: vouchers, used: usedCount })
    .from(vouchers)
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id));
  return rows.map(({ voucher, used }) => ({
    id: voucher.id,
    code: voucher.code,
    description: voucher.description,
    kind: voucher.kind as VoucherRecord['kind'],
    value: voucher.value,
    max_discount: voucher.maxDiscount,
    starts_on: voucher.startsOn,
    ends_on: voucher.endsOn,
    max_uses: voucher.maxUses,
    used_count: Number(used),
    package_ids: voucher.packageIds,
    is_active: voucher.isActive,
  }));
}

export async function voucherByCode(db: Db, code: string): Promise<VoucherRecord | null> {
  return (await listVouchers(db, eq(vouchers.code, code)))[0] ?? null;
}

const creator = alias(accounts, 'creator');
const decider = alias(accounts, 'decider');

/** System orders, newest first, narrowed by `where`. */
export async function systemOrderRecords(db: Db, where: SQL | undefined, page = { limit: 500, offset: 0 }): Promise<SystemOrderRecord[]> {
  const rows = await db
    .select({
      order: systemOrders,
      companyTitle: companies.title,
      packageName: servicePackages.name,
      voucherCode: vouchers.code,
      createdBy: creator.fullName,
      decidedBy: decider.fullName,
    })
    .from(systemOrders)
    .innerJoin(companies, eq(companies.id, systemOrders.companyId))
    .innerJoin(servicePackages, eq(servicePackages.id, systemOrders.packageId))
    .leftJoin(vouchers, eq(vouchers.id, systemOrders.voucherId))
    .leftJoin(creator, eq(creator.id, systemOrders.createdBy))
    .leftJoin(decider, eq(decider.id, systemOrders.decidedBy))
    .where(where)
    .orderBy(desc(systemOrders.createdAt), desc(systemOrders.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(({ order, ...row }) => ({
    id: order.id,
    code: order.code,
    company: order.companyId,
    company_title: row.companyTitle,
    package_id: order.packageId,
    package_name: row.packageName,
    months: order.months,
    status: order.status as SystemOrderStatus,
    list_amount: order.listAmount,
    discount_amount: order.discountAmount,
    total: order.total,
    voucher_code: row.voucherCode,
    note: order.note,
    cancel_reason: order.cancelReason,
    created_by_name: row.createdBy,
    decided_by_name: row.decidedBy,
    decided_at: order.decidedAt?.toISOString() ?? null,
    created_at: order.createdAt.toISOString(),
  }));
}

export async function systemOrderById(db: Db, id: number): Promise<SystemOrderRecord | null> {
  return (await systemOrderRecords(db, eq(systemOrders.id, id)))[0] ?? null;
}

export async function companyHasUsed(db: Db, voucherId: number, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: voucherUses.voucherId })
    .from(voucherUses)
    .where(and(eq(voucherUses.voucherId, voucherId), eq(voucherUses.companyId, companyId)));
  return Boolean(row);
}
