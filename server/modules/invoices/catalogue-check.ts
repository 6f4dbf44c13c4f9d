/**
 * The catalogue comes before the vouchers (docs/invoices.md "Accounting"): AMIS
 * refuses a voucher naming a customer, goods or warehouse its dictionary does not have, so a push
 * whose records name one not sent nor mapped yet is refused here (400 CATALOGUE_FIRST, saying what
 * is missing) instead of failing every voucher at AMIS. Step 1 ("Đồng bộ danh mục") sends the three
 * kinds at once; its status counts what is still unmapped.
 */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { CATALOGUE_KINDS, type AccountingSource, type CatalogueKind, type CatalogueStatus } from '@contract/invoices-accounting';
import type { Db } from '@server/kernel/db/client';
import {
  accountingMappings,
  customers,
  orderLines,
  orders,
  payments,
  stockReceiptLines,
  stockReceipts,
  variants,
  warehouses,
} from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { defaultWarehouse } from '@server/modules/warehouse';
import { pushDictionary } from './accounting-mappings';
import type { AmisClient } from './amis-client';

const TABLES = { customer: customers, variant: variants, warehouse: warehouses } as const;
const NOUNS: Record<CatalogueKind, string> = { customer: 'khách hàng', variant: 'hàng hóa', warehouse: 'kho' };
/** Codes named in the refusal, per kind. */
const SHOWN = 3;

const noMapping = (companyId: number, kind: CatalogueKind, id: SQL) =>
  and(eq(accountingMappings.companyId, companyId), eq(accountingMappings.kind, kind), eq(accountingMappings.localKey, id));

/** The codes of the kind's records among `ids` that AMIS has not got (no mapping), by code. */
async function unmappedCodes(db: Db, companyId: number, kind: CatalogueKind, ids: readonly (string | number)[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const table = TABLES[kind];
  const key = sql<string>`${table.id}::text`;
  const rows = await db
    .selectDistinct({ code: table.code })
    .from(table)
    .leftJoin(accountingMappings, noMapping(companyId, kind, key))
    .where(and(eq(table.companyId, companyId), inArray(key, ids.map(String)), isNull(accountingMappings.localKey)))
    .orderBy(table.code);
  return rows.map((row) => row.code);
}

/** The customers, variants and warehouses the records' vouchers name (voucher-sources.ts). */
async function namedRecords(db: Db, companyId: number, source: AccountingSource, ids: readonly string[]) {
  const named: Record<CatalogueKind, (string | number)[]> = { customer: [], variant: [], warehouse: [] };
  if (ids.length === 0) return named;
  if (source === 'payment') {
    const rows = await db
      .selectDistinct({ customer: payments.customerId })
      .from(payments)
      .where(and(eq(payments.companyId, companyId), inArray(payments.id, [...ids])));
    named.customer = rows.map((row) => row.customer);
  } else if (source === 'order') {
    const heads = await db
      .selectDistinct({ customer: orders.customerId, warehouse: orders.warehouseId })
      .from(orders)
      .where(and(eq(orders.companyId, companyId), inArray(orders.id, [...ids])));
    const lines = await db
      .selectDistinct({ variant: orderLines.variantId })
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...ids]));
    named.customer = heads.map((row) => row.customer);
    named.variant = lines.map((row) => row.variant);
    named.warehouse = heads.map((row) => row.warehouse).filter((id): id is number => id !== null);
    // An order without a warehouse goes out of the default one (voucher-sources.ts).
    if (heads.some((row) => row.warehouse === null)) named.warehouse.push((await defaultWarehouse(db, companyId)).id);
  } else {
    const heads = await db
      .selectDistinct({ warehouse: stockReceipts.warehouseId })
      .from(stockReceipts)
      .where(and(eq(stockReceipts.companyId, companyId), inArray(stockReceipts.id, [...ids])));
    const lines = await db
      .selectDistinct({ variant: stockReceiptLines.variantId })
      .from(stockReceiptLines)
      .where(inArray(stockReceiptLines.receiptId, [...ids]));
    named.warehouse = heads.map((row) => row.warehouse);
    named.variant = lines.map((row) => row.variant);
  }
  return named;
}

/** Refuses (400 CATALOGUE_FIRST) a push whose records name a customer, goods or warehouse AMIS has not got yet. */
export async function requireCatalogue(db: Db, companyId: number, source: AccountingSource, ids: readonly string[]): Promise<void> {
  const named = await namedRecords(db, companyId, source, ids);
  const parts: string[] = [];
  for (const kind of CATALOGUE_KINDS) {
    const codes = await unmappedCodes(db, companyId, kind, [...new Set(named[kind])]);
    if (codes.length === 0) continue;
    const shown = codes.slice(0, SHOWN).join(', ') + (codes.length > SHOWN ? ', …' : '');
    parts.push(`${codes.length} ${NOUNS[kind]} (${shown})`);
  }
  if (parts.length === 0) return;
  throw badRequest(
    'CATALOGUE_FIRST',
    `Chưa đồng bộ danh mục sang MISA: ${parts.join(', ')} chưa có trên AMIS nên AMIS sẽ từ chối chứng từ. ` +
      'Hãy làm bước 1 "Đồng bộ danh mục" trước, rồi đồng bộ chứng từ.',
  );
}

/** Per kind, how many records the company has and how many AMIS has not got; ready when none is missing. */
export async function catalogueStatus(db: Db, companyId: number): Promise<CatalogueStatus> {
  const kinds = {} as CatalogueStatus['kinds'];
  for (const kind of CATALOGUE_KINDS) {
    const table = TABLES[kind];
    const [row] = await db
      .select({ total: count(), unmapped: count(sql`case when ${accountingMappings.localKey} is null then 1 end`) })
      .from(table)
      .leftJoin(accountingMappings, noMapping(companyId, kind, sql`${table.id}::text`))
      .where(eq(table.companyId, companyId));
    kinds[kind] = { total: Number(row?.total ?? 0), unmapped: Number(row?.unmapped ?? 0) };
  }
  return { kinds, ready: CATALOGUE_KINDS.every((kind) => kinds[kind].unmapped === 0) };
}

/** Step 1: sends customers, goods and warehouses to AMIS with their codes (pushDictionary, kind by kind); how many of each. */
export async function pushCatalogue(db: Db, client: AmisClient, companyId: number): Promise<Record<CatalogueKind, number>> {
  const pushed = { customer: 0, variant: 0, warehouse: 0 };
  for (const kind of CATALOGUE_KINDS) pushed[kind] = await pushDictionary(db, client, companyId, kind);
  return pushed;
}

export const pushedText = (pushed: Record<CatalogueKind, number>) =>
  CATALOGUE_KINDS.map((kind) => `${pushed[kind]} ${NOUNS[kind]}`).join(', ');
