/**
 * Our records' codes in AMIS's dictionary (accounting_mappings): a customer, variant or warehouse
 * mapped to an AMIS code uses it, an unmapped one its own code (the usual case when the dictionary
 * was sent from here, "Gửi danh mục sang MISA"); an account role its mapped number, else the
 * number the chart of accounts gives it (Thông tư 99/2025).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { DEFAULT_ACCOUNTS, type AccountRole, type MappingKind } from '@contract/invoices-accounting';
import type { Db } from '@server/kernel/db/client';
import { accountingMappings } from '@server/kernel/db/schema';

export type AccountCodes = {
  code: (kind: Exclude<MappingKind, 'account'>, localKey: string | number, ownCode: string) => string;
  account: (role: AccountRole) => string;
};

export async function accountCodes(
  db: Db,
  companyId: number,
  keys: Partial<Record<MappingKind, readonly (string | number)[]>>,
): Promise<AccountCodes> {
  const wanted = Object.entries(keys).flatMap(([kind, list]) => (list ?? []).map((key) => `${kind}:${key}`));
  wanted.push(...Object.keys(DEFAULT_ACCOUNTS).map((role) => `account:${role}`));
  const rows = await db
    .select({ kind: accountingMappings.kind, localKey: accountingMappings.localKey, misaCode: accountingMappings.misaCode })
    .from(accountingMappings)
    .where(
      and(eq(accountingMappings.companyId, companyId), inArray(accountingMappings.kind, ['customer', 'variant', 'warehouse', 'account'])),
    );
  const mapped = new Map(
    rows.filter((row) => wanted.includes(`${row.kind}:${row.localKey}`)).map((row) => [`${row.kind}:${row.localKey}`, row.misaCode]),
  );
  return {
    code: (kind, localKey, ownCode) => mapped.get(`${kind}:${localKey}`) ?? ownCode,
    account: (role) => mapped.get(`account:${role}`) ?? DEFAULT_ACCOUNTS[role],
  };
}
