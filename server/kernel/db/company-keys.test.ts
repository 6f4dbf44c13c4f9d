/**
 * The path past one database server (docs/architecture.md "Past one database server"): Citus
 * distributes tables by company_id and needs it in every primary and unique key of a distributed
 * table. The tables made so far key on a surrogate id; they are listed below, so that this test
 * fails on a NEW company table or unique key without company_id (the list does not grow) and on a
 * listed one that has been fixed (the list shrinks with the work).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@server/kernel/sql';
import { openTestDatabase } from '@server/testing/test-database';

/** Not distributed by company: the job queue, providers' inbound events and the platform's own orders. */
const NOT_DISTRIBUTED = ['jobs', 'inbound_events', 'system_orders'];

/** Primary keys without company_id, to be made (company_id, …) with composite foreign keys. */
const PRIMARY_KEYS_TO_WIDEN = [
  'account_companies(id)',
  'accounting_batches(id)',
  'accounting_syncs(id)',
  'company_bank_accounts(id)',
  'customer_levels(id)',
  'customer_types(id)',
  'customers(id)',
  'delivery_events(id)',
  'delivery_orders(id)',
  'einvoice_files(invoice_id,kind)',
  'einvoice_orders(invoice_id,order_id)',
  'einvoices(id)',
  'historical_sales(id)',
  'kpi_targets(id)',
  'notifications(id)',
  'order_groups(id)',
  'order_lines(id)',
  'order_status_history(id)',
  'order_types(id)',
  'orders(id)',
  'payment_allocations(payment_id,order_id)',
  'payments(id)',
  'price_policies(id)',
  'price_policy_items(policy_id,variant_id,unit)',
  'product_brands(id)',
  'product_categories(id)',
  'product_groups(id)',
  'product_images(id)',
  'product_units(id)',
  'products(id)',
  'promotion_usages(id)',
  'promotions(id)',
  'provider_connections(id)',
  'receivable_entries(id)',
  'region_provinces(region_id,province_code)',
  'regions(id)',
  'report_line_facts(line_id)',
  'report_order_facts(order_id)',
  'report_visit_facts(visit_id)',
  'role_requests(id)',
  'roles(id)',
  'stock_count_sheets(id)',
  'stock_lots(id)',
  'stock_moves(id)',
  'stock_receipt_history(id)',
  'stock_receipt_lines(id)',
  'stock_receipts(id)',
  'transfer_reasons(id)',
  'variant_units(id)',
  'variants(id)',
  'visits(id)',
  'warehouses(id)',
  'zalo_campaign_recipients(id)',
  'zalo_campaigns(id)',
  'zalo_conversations(id)',
  'zalo_followers(id)',
  'zalo_messages(id)',
  'zalo_oa_requests(id)',
  'zalo_oas(id)',
  'zalo_oauth_states(state)',
  'zalo_templates(id)',
];

/** Secondary unique keys without company_id, to be widened the same way. */
const UNIQUE_KEYS_TO_WIDEN = [
  'notifications(account_id,subject_key)',
  'promotion_usages(promotion_id,order_id)',
  'variant_units(variant_id)',
  'zalo_campaign_recipients(tracking_id)',
];

let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

/** Every primary or unique key of a table with a company_id column that does not hold company_id. */
async function keysWithoutCompany(): Promise<{ primary: string[]; unique: string[] }> {
  const rows = rowsOf<{ table: string; primary: boolean; columns: string }>(
    await db.db.execute(sql`
      select t.relname as "table", i.indisprimary as "primary",
             (select string_agg(a.attname, ',' order by k.n) from unnest(i.indkey) with ordinality k(attnum, n)
                join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum) as "columns"
      from pg_class t
      join pg_namespace s on s.oid = t.relnamespace and s.nspname = 'public'
      join pg_index i on i.indrelid = t.oid and i.indisunique
      where t.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'company_id' and not a.attisdropped)
        and not exists (select 1 from unnest(i.indkey) k join pg_attribute a on a.attrelid = t.oid and a.attnum = k
                        where a.attname = 'company_id')`),
  ).filter((row) => !NOT_DISTRIBUTED.includes(row.table));
  const named = (primary: boolean) =>
    rows
      .filter((row) => row.primary === primary)
      .map((row) => `${row.table}(${row.columns})`)
      .sort();
  return { primary: named(true), unique: named(false) };
}

describe('company_id in the keys of company tables (the way to Citus)', () => {
  it('lists exactly the keys still without company_id: a new one fails, and so does a fixed one left on the list', async () => {
    const found = await keysWithoutCompany();
    expect(found.unique).toEqual([...UNIQUE_KEYS_TO_WIDEN].sort());
    expect(found.primary).toEqual([...PRIMARY_KEYS_TO_WIDEN].sort());
  });
});
