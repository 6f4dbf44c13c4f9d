/** Every account of the platform as the system administrator reads and changes it (contract/system.ts). */
import { and, count, desc, eq, inArray, max, sql, type SQL } from 'drizzle-orm';
import { type AdminAccountDetail, type AdminAccountRecord, type AccountTypeRecord, type AdminAccountQuery } from '@contract/system';
import type * as v from 'valibot';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes, companies, sessions } from '@server/kernel/db/schema';
import { pagedRows } from '@server/kernel/lists';
import { foldedWords } from './folded-sql';

/** Account types no one may rename or remove: the platform's own and the shops'. */
export const BUILTIN_ACCOUNT_TYPES = ['SYSTEM', 'COMPANY', 'CHTH', 'NCC', 'NPT'];

function filters(query: v.InferOutput<typeof AdminAccountQuery>): SQL[] {
  const where: SQL[] = foldedWords(
    sql`${accounts.fullName} || ' ' || ${accounts.phone} || ' ' || coalesce(${accounts.email}, '')`,
    query.search,
  );
  if (query.account_type) where.push(eq(accountTypes.code, query.account_type));
  if (query.status) where.push(eq(accounts.isActive, query.status === 'active'));
  return where;
}

export async function listAccounts(
  db: Db,
  query: v.InferOutput<typeof AdminAccountQuery>,
): Promise<{ rows: AdminAccountRecord[]; count: number }> {
  const select = db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(accountTypes, eq(accountTypes.id, accounts.accountTypeId))
    .where(and(...filters(query)))
    .$dynamic();
  const { rows: page, count } = await pagedRows(db, select, [desc(accounts.createdAt), desc(accounts.id)], query);
  const records = await accountRecords(
    db,
    page.map((row) => row.id),
  );
  return { rows: page.map((row) => records.get(row.id)!), count };
}

export async function accountRecords(db: Db, ids: number[]): Promise<Map<number, AdminAccountRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ account: accounts, typeCode: accountTypes.code, typeTitle: accountTypes.title })
    .from(accounts)
    .innerJoin(accountTypes, eq(accountTypes.id, accounts.accountTypeId))
    .where(inArray(accounts.id, ids));
  const memberships = await db
    .select({ accountId: accountCompanies.accountId, n: count() })
    .from(accountCompanies)
    .where(and(inArray(accountCompanies.accountId, ids), eq(accountCompanies.status, 'accept')))
    .groupBy(accountCompanies.accountId);
  const signIns = await db
    .select({ accountId: sessions.accountId, at: max(sessions.createdAt) })
    .from(sessions)
    .where(inArray(sessions.accountId, ids))
    .groupBy(sessions.accountId);
  const companyCount = new Map(memberships.map((row) => [row.accountId, Number(row.n)]));
  const lastSignIn = new Map(signIns.map((row) => [row.accountId, row.at]));
  return new Map(
    rows.map(({ account, typeCode, typeTitle }) => [
      account.id,
      {
        id: account.id,
        phone: account.phone,
        full_name: account.fullName,
        email: account.email,
        address: account.address,
        account_type: { id: account.accountTypeId, code: typeCode, title: typeTitle },
        is_active: account.isActive,
        company_count: companyCount.get(account.id) ?? 0,
        last_sign_in_at: lastSignIn.get(account.id)?.toISOString() ?? null,
        created_at: account.createdAt.toISOString(),
      },
    ]),
  );
}

export async function accountDetail(db: Db, id: number): Promise<AdminAccountDetail | null> {
  const record = (await accountRecords(db, [id])).get(id);
  if (!record) return null;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  const memberships = await db
    .select({
      company: companies.id,
      title: companies.title,
      status: accountCompanies.status,
      isOwner: accountCompanies.isOwner,
      isActive: accountCompanies.isActive,
    })
    .from(accountCompanies)
    .innerJoin(companies, eq(companies.id, accountCompanies.companyId))
    .where(eq(accountCompanies.accountId, id))
    .orderBy(accountCompanies.id);
  return {
    ...record,
    birthday: row!.birthday,
    gender: row!.gender,
    companies: memberships.map((m) => ({
      company: m.company,
      title: m.title,
      status: m.status,
      is_owner: m.isOwner,
      is_active: m.isActive,
    })),
  };
}

export async function listAccountTypes(db: Db): Promise<AccountTypeRecord[]> {
  const rows = await db
    .select({ id: accountTypes.id, code: accountTypes.code, title: accountTypes.title, n: count(accounts.id) })
    .from(accountTypes)
    .leftJoin(accounts, eq(accounts.accountTypeId, accountTypes.id))
    .groupBy(accountTypes.id)
    .orderBy(accountTypes.id);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    account_count: Number(row.n),
    is_builtin: BUILTIN_ACCOUNT_TYPES.includes(row.code),
  }));
}
