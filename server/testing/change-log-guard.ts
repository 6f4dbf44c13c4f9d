/**
 * Tests only: the check that every write to a mirrored record records it in the change log in the
 * same transaction (server/kernel/sync/change-log.ts recordChanges), or phones never hear of it.
 *
 * Each table below whose rows are part of an entity's record (the record's own row, or a row its
 * loader reads: an order's lines, a variant's product, a company's settings row) gets a constraint
 * trigger, deferred to the commit, that raises unless change_log holds, for each record the row
 * belongs to, a row (company_id, entity, entity_id) written by the committing transaction (its xmin
 * one of this transaction's ids, subtransactions included: pg_xact_status says "in progress" only
 * for those among the visible rows). Deferred, since an op writes its changes as its transaction's
 * last statement (holdChanges).
 *
 * The triggers go into the test databases' templates after the demo is seeded (tests/support/
 * database-templates.ts), never into a migration, and check only where `salesfield.change_log_guard`
 * is `on`: the server project's copies turn it on for the database (openTestDatabase, from
 * TEST_CHANGE_LOG_GUARD in vitest.config.ts); a test's own set-up writes turn it off for their
 * transaction (`unguarded`). docs/offline-sync.md "How it is tested" says what is not covered, and
 * docs/adding-a-domain.md §2 and §4 what a new domain adds here.
 */
import { sql } from 'drizzle-orm';
import type { SyncEntity } from '@contract/sync-domains';
import type { Db } from '@server/kernel/db/client';

/** A table whose rows are part of records of one entity. */
export type GuardedTable = {
  table: string;
  /**
   * A select over the written row `r` (as it was, and as it is) giving the ids, as text, of the
   * records it is part of: its own id unless told.
   */
  ids?: string;
  /** An update that changes only these columns changes no record (search text, book values). */
  ignore?: readonly string[];
  /** Only an update of one of these columns changes a record (what a derived figure reads). */
  watch?: readonly string[];
};

/** What of an entity's record the check covers: its tables, and what it leaves out (derived parts). */
export type EntityCoverage = { guarded: readonly GuardedTable[]; notCovered?: string };

const COMPANY_ROW = 'select r.company_id::text';

/** The variants of the products whose `column` is the written row's id (a brand, category or group renamed). */
const variantsOfProductsBy = (column: string) =>
  `select v.id::text from variants v join products p on p.id = v.product_id and p.company_id = v.company_id
   where p.company_id = r.company_id and p.${column} = r.id`;

/** Every mirrored entity (contract/sync-domains.ts SYNC_ENTITIES), with what the check covers of it. */
export const CHANGE_LOG_COVERAGE: Record<SyncEntity, EntityCoverage> = {
  customer: {
    guarded: [{ table: 'customers', ignore: ['search_text'] }],
    notCovered: 'the staff name (accounts.full_name, joined)',
  },
  customer_type: { guarded: [{ table: 'customer_types' }] },
  customer_level: { guarded: [{ table: 'customer_levels' }] },
  visit: {
    guarded: [{ table: 'visits' }],
    notCovered: 'the customer and rep names (joined)',
  },
  visit_settings: { guarded: [{ table: 'visit_settings', ids: COMPANY_ROW }] },
  route_plan: {
    guarded: [{ table: 'route_plans' }],
    notCovered: 'the stops’ customer names and the approver’s name (joined)',
  },
  order: {
    guarded: [
      { table: 'orders', ignore: ['search_text'] },
      { table: 'order_lines', ids: 'select r.order_id::text' },
    ],
    notCovered: 'the rep’s, approver’s and type’s names (joined)',
  },
  order_type: {
    guarded: [{ table: 'order_types' }, { table: 'order_type_accounts', ids: 'select r.order_type_id::text' }],
  },
  variant: {
    guarded: [
      { table: 'variants', ignore: ['search_text'] },
      { table: 'variant_units', ids: 'select r.variant_id::text' },
      { table: 'products', ids: variantsOfProductsBy('id'), ignore: ['search_text', 'description'] },
      {
        table: 'product_images',
        ids: `select v.id::text from variants v where v.company_id = r.company_id and v.product_id = r.product_id`,
      },
      { table: 'product_brands', ids: variantsOfProductsBy('brand_id') },
      { table: 'product_categories', ids: variantsOfProductsBy('category_id') },
      { table: 'product_groups', ids: variantsOfProductsBy('group_id') },
    ],
  },
  price_policy: {
    guarded: [{ table: 'price_policies' }, { table: 'price_policy_items', ids: 'select r.policy_id::text' }],
  },
  stock: {
    guarded: [
      { table: 'stock_levels', ids: 'select r.variant_id::text', ignore: ['value', 'updated_at'] },
      { table: 'stock_lot_balances', ids: 'select r.variant_id::text' },
      {
        // A lot counts once it has stock somewhere.
        table: 'stock_lots',
        ids: `select r.variant_id::text where exists (select 1 from stock_lot_balances b
                where b.company_id = r.company_id and b.lot_id = r.id and b.on_hand > 0)`,
        ignore: ['manufactured_on', 'status_reason', 'updated_at'],
      },
    ],
    notCovered: 'the default warehouse (made once, by this loader itself, never changed); lots expiring as days pass',
  },
  stock_check: {
    guarded: [
      {
        table: 'stock_receipts',
        ids: `select r.id::text where r.kind = 'check'`,
        watch: ['kind', 'code', 'warehouse_id', 'document_date', 'status', 'count_merge'],
      },
      {
        // The lines as phones count them: never the book or counted figures.
        table: 'stock_receipt_lines',
        ids: `select r.receipt_id::text where exists (select 1 from stock_receipts s
                where s.company_id = r.company_id and s.id = r.receipt_id and s.kind = 'check')`,
        watch: ['receipt_id', 'variant_id', 'lot_id', 'lot_no', 'expires_on', 'sort'],
      },
    ],
    notCovered: 'the warehouse name (joined)',
  },
  promotion: {
    guarded: [
      { table: 'promotions', ignore: ['search_text'] },
      {
        // Orders tell the phones what they took of a budgeted programme only (promotion-apply.ts recordUsage).
        table: 'promotion_usages',
        ids: `select r.promotion_id::text where exists (select 1 from promotions p
                where p.company_id = r.company_id and p.id = r.promotion_id and p.cap_total is not null)`,
      },
      {
        // A programme's provinces are those of its regions.
        table: 'region_provinces',
        ids: 'select p.id::text from promotions p where p.company_id = r.company_id and r.region_id = any(p.region_ids)',
      },
    ],
    notCovered: 'people’s names (joined); the status a programme reaches as days pass',
  },
  receivable: {
    guarded: [
      { table: 'customer_credit', ids: 'select r.customer_id::text' },
      { table: 'receivable_entries', ids: 'select r.customer_id::text' },
      // What the customer's orders add (open orders), and their payments waiting and settling them.
      { table: 'orders', ids: 'select r.customer_id::text', watch: ['customer_id', 'status', 'total'] },
      { table: 'payments', ids: 'select r.customer_id::text', watch: ['customer_id', 'state', 'amount'] },
      {
        table: 'payment_allocations',
        ids: 'select p.customer_id::text from payments p where p.company_id = r.company_id and p.id = r.payment_id',
      },
      {
        // The policy travels with the records of customers that have a limit (or credit days).
        table: 'receivable_settings',
        ids: 'select c.customer_id::text from customer_credit c where c.company_id = r.company_id',
        watch: ['policy'],
      },
    ],
    notCovered: 'the customer’s code and name (joined); debts coming due as days pass',
  },
  rep_credit: {
    guarded: [
      { table: 'rep_credit', ids: 'select r.account_id::text' },
      // The exposure: the rep's live orders less what settled them.
      {
        table: 'orders',
        ids: `select r.account_id::text where exists (select 1 from rep_credit c where c.company_id = r.company_id and c.account_id = r.account_id)`,
        watch: ['account_id', 'status', 'total'],
      },
      {
        table: 'payment_allocations',
        ids: `select o.account_id::text from orders o join rep_credit c on c.company_id = o.company_id and c.account_id = o.account_id
              where o.company_id = r.company_id and o.id = r.order_id`,
      },
      {
        // Goods returned on the rep's orders.
        table: 'receivable_entries',
        ids: `select o.account_id::text from orders o join rep_credit c on c.company_id = o.company_id and c.account_id = o.account_id
              where o.company_id = r.company_id and o.id = r.order_id and r.kind = 'return'`,
      },
      {
        table: 'receivable_settings',
        ids: 'select c.account_id::text from rep_credit c where c.company_id = r.company_id',
        watch: ['policy'],
      },
    ],
    notCovered: 'the rep’s name (joined); debts coming due as days pass',
  },
  payment: {
    guarded: [
      // Only a rep's own collections are mirrored (receivables/settle.ts): COD paid out by a carrier has no collector.
      { table: 'payments', ids: 'select r.id::text where r.collected_by is not null' },
      {
        table: 'payment_allocations',
        ids: `select r.payment_id::text where exists (select 1 from payments p
                where p.company_id = r.company_id and p.id = r.payment_id and p.collected_by is not null)`,
      },
    ],
    notCovered: 'the customer’s, order’s and people’s names and codes (joined)',
  },
  pharma_settings: { guarded: [{ table: 'pharma_settings', ids: COMPANY_ROW }] },
  attendance_claim: {
    guarded: [{ table: 'attendance_claims' }],
    notCovered: 'the decider’s name (joined)',
  },
  attendance_settings: { guarded: [{ table: 'attendance_settings', ids: COMPANY_ROW }] },
};

/**
 * The entities neither checked nor said not to be (no table, no reason): a domain's new entity
 * lands here until it is added to CHANGE_LOG_COVERAGE (the type asks for it too).
 */
export function uncoveredEntities(entities: readonly string[], coverage: Readonly<Record<string, EntityCoverage | undefined>>): string[] {
  return entities.filter((entity) => {
    const covered = coverage[entity];
    return !covered || (covered.guarded.length === 0 && !covered.notCovered?.trim());
  });
}

/** The setting that turns the check on (for a database) or off (for a transaction). */
export const GUARD_SETTING = 'salesfield.change_log_guard';

/** The environment variable that arms the check in the copies openTestDatabase makes (vitest.config.ts). */
export const GUARD_ENV = 'TEST_CHANGE_LOG_GUARD';

export function changeLogGuardArmed(): boolean {
  return process.env[GUARD_ENV] === 'on';
}

const KERNEL = [
  `create or replace function change_log_guard_armed() returns boolean language sql stable as
   $$ select coalesce(current_setting('${GUARD_SETTING}', true), '') = 'on' $$`,
  // The row version was written by this transaction (or one of its subtransactions): among the
  // visible rows, only those are still "in progress". The xid gets the epoch that puts it nearest
  // the current one (a subtransaction's comes after it).
  `create or replace function change_log_guard_written_now(written xid) returns boolean language plpgsql stable as $$
   declare
     now_id bigint := pg_current_xact_id()::text::bigint;
     full_id bigint := (now_id & ~4294967295::bigint) | written::text::bigint;
   begin
     if full_id > now_id + 2147483648 then full_id := full_id - 4294967296;
     elsif full_id < now_id - 2147483648 then full_id := full_id + 4294967296;
     end if;
     return full_id >= 0 and pg_xact_status(full_id::text::xid8) = 'in progress';
   end $$`,
  `create or replace function change_log_guard_require(written_table text, operation text, company integer, wanted text, ids text[])
   returns void language plpgsql stable as $$
   declare missing text;
   begin
     select id into missing from unnest(ids) as id
     where not exists (select 1 from change_log c where c.company_id = company and c.entity = wanted and c.entity_id = id
                       and change_log_guard_written_now(c.xmin))
     limit 1;
     if missing is not null then
       raise exception 'change-log guard: % on % changed % % of company % with no recordChanges in its transaction',
         operation, written_table, wanted, missing, company;
     end if;
   end $$`,
];

function quoteList(columns: readonly string[]): string {
  return `array[${columns.map((column) => `'${column}'`).join(', ')}]::text[]`;
}

/** The trigger function and constraint trigger of one table and entity. */
function guardStatements(entity: SyncEntity, guarded: GuardedTable): string[] {
  const name = `change_log_guard_${guarded.table}_${entity}`;
  const ids = guarded.ids ?? 'select r.id::text';
  const ignored = guarded.ignore?.length ? ` - ${quoteList(guarded.ignore)}` : '';
  const watched = (row: string) =>
    `jsonb_build_object(${(guarded.watch ?? []).map((column) => `'${column}', ${row}.${column}`).join(', ')})`;
  const unchanged = guarded.watch ? `${watched('old')} = ${watched('new')}` : `to_jsonb(old)${ignored} = to_jsonb(new)${ignored}`;
  return [
    `create or replace function ${name}() returns trigger language plpgsql as $$
     declare r ${guarded.table}; ids text[] := '{}';
     begin
       if not change_log_guard_armed() then return null; end if;
       if tg_op = 'UPDATE' and ${unchanged} then return null; end if;
       if tg_op <> 'INSERT' then r := old; ids := ids || array(${ids}); end if;
       if tg_op <> 'DELETE' then r := new; ids := ids || array(${ids}); end if;
       perform change_log_guard_require(tg_table_name, lower(tg_op), r.company_id, '${entity}', ids);
       return null;
     end $$`,
    `drop trigger if exists change_log_guard_${entity} on ${guarded.table}`,
    `create constraint trigger change_log_guard_${entity} after insert or update or delete on ${guarded.table}
     deferrable initially deferred for each row execute function ${name}()`,
  ];
}

/** The statements that install the check (dormant until armed), one by one (PGlite runs one per call). */
export function changeLogGuardStatements(): string[] {
  const entities = Object.entries(CHANGE_LOG_COVERAGE) as [SyncEntity, EntityCoverage][];
  return [...KERNEL, ...entities.flatMap(([entity, coverage]) => coverage.guarded.flatMap((guarded) => guardStatements(entity, guarded)))];
}

export async function installChangeLogGuard(db: Db): Promise<void> {
  for (const statement of changeLogGuardStatements()) await db.execute(sql.raw(statement));
}

/** Arms the check for this PGlite connection (PostgreSQL copies get it for the database: copyPostgresTemplate). */
export async function armChangeLogGuard(db: Db): Promise<void> {
  await db.execute(sql.raw(`set ${GUARD_SETTING} = 'on'`));
}

/**
 * A test's own set-up writes (what a fixture puts straight into tables), in a transaction the check
 * leaves alone: what the test then does through the server is checked as before.
 */
export function unguarded<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local ${GUARD_SETTING} = 'off'`));
    return work(tx as unknown as Db);
  });
}
