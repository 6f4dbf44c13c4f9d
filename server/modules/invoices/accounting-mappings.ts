/**
 * The dictionary mapping (docs/invoices.md "Accounting"): our customers, variants, warehouses and
 * account roles beside their code in AMIS. A person types or picks the AMIS code (from AMIS's own
 * dictionary); or sends them to AMIS with their own codes ("Gửi danh mục sang MISA";
 * save_dictionary saves by code, so sending again changes nothing) and they are mapped to them.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { fold } from '@contract/fold';
import { ACCOUNT_ROLE_LABELS, ACCOUNT_ROLES, DEFAULT_ACCOUNTS, type MappingKind, type MappingRecord } from '@contract/invoices-accounting';
import type { Db } from '@server/kernel/db/client';
import { accountingMappings, customers, products, variants, warehouses } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { pagedRows } from '@server/kernel/lists';
import { wordConditions } from '@server/kernel/sql';
import type { AmisClient } from './amis-client';

type Local = { key: string; code: string; name: string };

/** Records sent to AMIS per save_dictionary call. */
const PUSH_PAGE = 200;
type Paging = { page: number; limit: number; search?: string };

const mappingJoin = (companyId: number, kind: MappingKind, key: SQL) =>
  and(eq(accountingMappings.companyId, companyId), eq(accountingMappings.kind, kind), eq(accountingMappings.localKey, key));

/**
 * One page of a kind's local records with their mapping (`ownCodes`: only those unmapped or mapped
 * to their own code, what "Gửi danh mục" sends).
 */
async function localPage(db: Db, companyId: number, kind: Exclude<MappingKind, 'account'>, paging: Paging, ownCodes = false) {
  const table = kind === 'customer' ? customers : kind === 'variant' ? variants : warehouses;
  const key = sqlKey(table.id);
  const search =
    kind === 'customer'
      ? wordConditions(customers.searchText, paging.search)
      : wordConditions(table.code, paging.search, { caseInsensitive: true });
  const own = or(isNull(accountingMappings.localKey), eq(accountingMappings.misaCode, table.code));
  const where = and(eq(table.companyId, companyId), ...search, ...(ownCodes ? [own] : []));
  const name = kind === 'variant' ? products.name : table.name;
  let query = db
    .select({
      key,
      code: table.code,
      name,
      variantName: kind === 'variant' ? variants.name : table.name,
      misaCode: accountingMappings.misaCode,
      misaName: accountingMappings.misaName,
    })
    .from(table)
    .leftJoin(accountingMappings, mappingJoin(companyId, kind, key))
    .$dynamic();
  if (kind === 'variant') query = query.innerJoin(products, eq(products.id, variants.productId));
  const { rows, count } = await pagedRows(db, query.where(where), [asc(table.code)], paging);
  return {
    rows: rows.map((row) => ({
      kind,
      local_key: row.key,
      local_code: row.code,
      local_name: kind === 'variant' && row.variantName ? `${row.name} - ${row.variantName}` : row.name,
      misa_code: row.misaCode,
      misa_name: row.misaName,
    })),
    count,
  };
}

function sqlKey(column: typeof customers.id | typeof variants.id | typeof warehouses.id): SQL<string> {
  return sql<string>`${column}::text`;
}

export async function listMappings(
  db: Db,
  companyId: number,
  kind: MappingKind,
  paging: Paging,
): Promise<{ rows: MappingRecord[]; count: number }> {
  if (kind !== 'account') return localPage(db, companyId, kind, paging);
  const mapped = await db
    .select()
    .from(accountingMappings)
    .where(and(eq(accountingMappings.companyId, companyId), eq(accountingMappings.kind, 'account')));
  const rows = ACCOUNT_ROLES.map((role) => {
    const row = mapped.find((mapping) => mapping.localKey === role);
    return {
      kind,
      local_key: role,
      local_code: DEFAULT_ACCOUNTS[role],
      local_name: ACCOUNT_ROLE_LABELS[role],
      misa_code: row?.misaCode ?? null,
      misa_name: row?.misaName ?? null,
    };
  }).filter((row) => !paging.search || fold(`${row.local_code} ${row.local_name}`).includes(fold(paging.search)));
  return { rows, count: rows.length };
}

async function knownKeys(db: Db, companyId: number, kind: MappingKind, keys: readonly string[]): Promise<Set<string>> {
  if (kind === 'account') return new Set(keys.filter((key) => (ACCOUNT_ROLES as readonly string[]).includes(key)));
  const table = kind === 'customer' ? customers : kind === 'variant' ? variants : warehouses;
  const ids = keys.filter((key) => (kind === 'customer' ? /^[0-9a-f-]{36}$/i.test(key) : /^\d{1,9}$/.test(key)));
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ key: sqlKey(table.id) })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(sqlKey(table.id), ids)));
  return new Set(rows.map((row) => row.key));
}

export async function saveMappings(
  db: Db,
  companyId: number,
  kind: MappingKind,
  items: readonly { local_key: string; misa_code: string | null; misa_name: string | null }[],
) {
  const known = await knownKeys(
    db,
    companyId,
    kind,
    items.map((item) => item.local_key),
  );
  const unknown = items.find((item) => !known.has(item.local_key));
  if (unknown) throw notFound(`Không tìm thấy ${kind === 'account' ? 'tài khoản' : 'bản ghi'} "${unknown.local_key}"`);
  await db.transaction(async (tx) => {
    for (const item of items) {
      const where = and(
        eq(accountingMappings.companyId, companyId),
        eq(accountingMappings.kind, kind),
        eq(accountingMappings.localKey, item.local_key),
      );
      if (!item.misa_code) {
        await tx.delete(accountingMappings).where(where);
        continue;
      }
      await tx
        .insert(accountingMappings)
        .values({ companyId, kind, localKey: item.local_key, misaCode: item.misa_code, misaName: item.misa_name })
        .onConflictDoUpdate({
          target: [accountingMappings.companyId, accountingMappings.kind, accountingMappings.localKey],
          set: { misaCode: item.misa_code, misaName: item.misa_name, updatedAt: new Date() },
        });
    }
  });
}

/**
 * Sends the kind's records that are unmapped or mapped to their own code to AMIS with their codes
 * (saved by code there: sending again changes nothing, and it brings back what an AMIS test
 * company lost), then maps the unmapped ones; how many were sent.
 */
export async function pushDictionary(
  db: Db,
  client: AmisClient,
  companyId: number,
  kind: Exclude<MappingKind, 'account'>,
): Promise<number> {
  let sent = 0;
  // Page by page (a catalogue may hold tens of thousands of variants); what is sent stays in the set, so pages hold still.
  for (let page = 1; ; page += 1) {
    const { rows } = await localPage(db, companyId, kind, { page, limit: PUSH_PAGE }, true);
    if (rows.length === 0) return sent;
    const locals: Local[] = rows.map((row) => ({ key: row.local_key, code: row.local_code, name: row.local_name }));
    await client.saveDictionary(
      kind,
      locals.map((local) => ({ code: local.code, name: local.name })),
    );
    await db
      .insert(accountingMappings)
      .values(locals.map((local) => ({ companyId, kind, localKey: local.key, misaCode: local.code, misaName: local.name })))
      .onConflictDoNothing();
    sent += locals.length;
    if (rows.length < PUSH_PAGE) return sent;
  }
}
