/**
 * A company's data as the database holds it, found generically (every table with a company_id
 * column), so new tables are covered without editing the tests: ids of its records (the fuzzer's
 * and the isolation matrix's pools), a digest of its rows (did anything change?), the text that
 * only it has (did an answer leak it?), and rows of one company pointing at another's records.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';

async function rows<T>(db: Db, statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}

export type CompanyTable = { table: string; columns: { name: string; type: string }[] };

export async function companyTables(db: Db): Promise<CompanyTable[]> {
  const columns = await rows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.table_name, c.column_name, c.data_type from information_schema.columns c
        join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema and t.table_type = 'BASE TABLE'
        where c.table_schema = 'public' order by c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, { name: string; type: string }[]>();
  for (const column of columns)
    byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), { name: column.column_name, type: column.data_type }]);
  return [...byTable]
    .filter(([, list]) => list.some((column) => column.name === 'company_id'))
    .map(([table, list]) => ({ table, columns: list }));
}

/** Ids of the company's records, per table (tables with an `id` column). */
export async function idPools(db: Db, companyId: number, limit = 60): Promise<Record<string, (string | number)[]>> {
  const pools: Record<string, (string | number)[]> = {};
  for (const { table, columns } of await companyTables(db)) {
    if (!columns.some((column) => column.name === 'id')) continue;
    const found = await rows<{ id: string | number }>(
      db,
      sql`select id from ${sql.identifier(table)} where company_id = ${companyId} order by id limit ${limit}`,
    );
    pools[table] = found.map((row) => (typeof row.id === 'string' && /^\d+$/.test(row.id) ? Number(row.id) : row.id));
  }
  return pools;
}

/** A hash of every row of the company in every table (and its own companies row). */
export async function companyDigest(db: Db, companyId: number): Promise<Map<string, string>> {
  const digest = new Map<string, string>();
  for (const { table } of await companyTables(db)) {
    const found = await rows<Record<string, unknown>>(db, sql`select * from ${sql.identifier(table)} where company_id = ${companyId}`);
    const lines = found
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)))
      .sort();
    digest.set(table, crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) + ` (${found.length} rows)`);
  }
  const company = await rows<Record<string, unknown>>(db, sql`select * from companies where id = ${companyId}`);
  digest.set('companies', crypto.createHash('sha256').update(JSON.stringify(company)).digest('hex').slice(0, 16));
  return digest;
}

export function digestChanges(before: Map<string, string>, after: Map<string, string>): string[] {
  const tables = new Set([...before.keys(), ...after.keys()]);
  return [...tables]
    .filter((table) => before.get(table) !== after.get(table))
    .map((table) => `${table}: ${before.get(table)} -> ${after.get(table)}`);
}

const GENERIC_COLUMNS = new Set([
  'status',
  'kind',
  'type',
  'op',
  'entity',
  'unit',
  'outcome',
  'view',
  'code_kind',
  'payment_status',
  'address_scheme',
  'discount_kind',
  'content_type',
  'to_status',
  'from_status',
  // promotions: a programme's decision and how its budget counts.
  'state',
  'cap_kind',
  // receivables: how a payment was made and recorded, the policy over a limit, a bank's
  // NAPAS BIN (every company sees the banks list).
  'method',
  'source',
  'policy',
  'bank_bin',
  // visits: a check-in against the day's route plan (planned / unplanned) and the rep's reason code.
  'plan_state',
  'unplanned_reason',
]);

/** Tables whose text is machine keys, never a company's own words (counters are named 'promotion', 'order'…). */
const GENERIC_TABLES = new Set(['company_counters']);

/**
 * Text only this company has: values of its text columns (6+ characters) that appear in no row of
 * any other company. An answer to another company's caller that contains one leaked it.
 */
export async function companyMarkers(db: Db, companyId: number): Promise<Set<string>> {
  const mine = new Set<string>();
  const others = new Set<string>();
  for (const { table, columns } of await companyTables(db)) {
    if (GENERIC_TABLES.has(table)) continue;
    const text = columns.filter(
      (column) => ['text', 'character varying', 'uuid'].includes(column.type) && !GENERIC_COLUMNS.has(column.name),
    );
    if (text.length === 0) continue;
    const found = await rows<Record<string, unknown>>(
      db,
      sql`select company_id, ${sql.join(
        text.map((column) => sql`${sql.identifier(column.name)}::text as ${sql.identifier(column.name)}`),
        sql`, `,
      )} from ${sql.identifier(table)}`,
    );
    for (const row of found) {
      const target = Number(row.company_id) === companyId ? mine : others;
      for (const column of text) {
        const value = row[column.name];
        if (typeof value === 'string' && value.trim().length >= 6) target.add(value.trim());
      }
    }
  }
  // The companies' own rows (keyed by id, not company_id): what another company says of itself
  // (its address, say) is its own, even when one of our rows says the same.
  const companies = await rows<Record<string, unknown>>(db, sql`select * from companies`);
  for (const row of companies) {
    if (Number(row.id) === companyId) continue;
    for (const value of Object.values(row)) if (typeof value === 'string' && value.trim().length >= 6) others.add(value.trim());
  }
  for (const value of others) mine.delete(value);
  return mine;
}

/**
 * Whether any text column of the company's rows now contains `text`: a caller of that company may
 * have written another company's words into its own records earlier in the run (the isolation
 * bodies carry An Khang's values), and reading them back is not a leak.
 */
export async function companyHasText(db: Db, companyId: number, text: string): Promise<boolean> {
  for (const { table, columns } of await companyTables(db)) {
    const textual = columns.filter((column) => ['text', 'character varying'].includes(column.type));
    if (textual.length === 0) continue;
    const found = await rows<{ n: number }>(
      db,
      sql`select 1 as n from ${sql.identifier(table)} where company_id = ${companyId} and (${sql.join(
        textual.map((column) => sql`strpos(${sql.identifier(column.name)}, ${text}) > 0`),
        sql` or `,
      )}) limit 1`,
    );
    if (found.length) return true;
  }
  return false;
}

/**
 * Rows of one company that reference (by foreign key) a row of another company: a caller reached
 * across tenants when writing. Every single-column foreign key between two company tables counts,
 * plus orders.visit_id (no foreign key).
 */
export async function crossTenantReferences(db: Db): Promise<string[]> {
  const tables = new Set((await companyTables(db)).map((entry) => entry.table));
  const keys = await rows<{ tbl: string; col: string; ref: string; refcol: string }>(
    db,
    sql`select c.conrelid::regclass::text as tbl, a.attname as col, c.confrelid::regclass::text as ref, af.attname as refcol
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute af on af.attrelid = c.confrelid and af.attnum = c.confkey[1]
        where c.contype = 'f' and array_length(c.conkey, 1) = 1`,
  );
  const checks = [...keys, { tbl: 'orders', col: 'visit_id', ref: 'visits', refcol: 'id' }].filter(
    (key) => key.col !== 'company_id' && tables.has(key.tbl.replace(/"/g, '')) && tables.has(key.ref.replace(/"/g, '')),
  );
  const found: string[] = [];
  for (const key of checks) {
    const [row] = await rows<{ n: string | number }>(
      db,
      sql`select count(*) as n from ${sql.identifier(key.tbl.replace(/"/g, ''))} t join ${sql.identifier(key.ref.replace(/"/g, ''))} r
          on r.${sql.identifier(key.refcol)} = t.${sql.identifier(key.col)} where t.company_id <> r.company_id`,
    );
    if (Number(row?.n ?? 0) > 0) found.push(`${row?.n} row(s) of ${key.tbl}.${key.col} point at ${key.ref} of another company`);
  }
  return found;
}
