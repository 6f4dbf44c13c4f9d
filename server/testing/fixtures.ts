/** Extra accounts for tests that change an account's state (password, sessions) without touching the demo ones. */
import { eq } from 'drizzle-orm';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes } from '@server/kernel/db/schema';
import { hashPassword } from '@server/lib/passwords';

let counter = 0;

/**
 * A fresh valid mobile number for each call within a test run. Its 086 prefix is one the seed never
 * gives an account (server/seed: demo staff are 0912000001…5), so a worker's pid cannot make it
 * collide with a demo phone; the pid keeps parallel workers apart.
 */
export function freshPhone(): string {
  counter += 1;
  return `086${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}

export async function addAccount(
  db: Db,
  input: {
    phone?: string;
    password?: string;
    fullName?: string;
    memberships?: { companyId: number; status: string; isOwner?: boolean }[];
  } = {},
) {
  const phone = input.phone ?? freshPhone();
  const password = input.password ?? 'Thu@nghiem2026';
  const [type] = await db.select().from(accountTypes).where(eq(accountTypes.code, 'COMPANY'));
  if (!type) throw new Error('account types not seeded');
  const [row] = await db
    .insert(accounts)
    .values({
      phone,
      fullName: input.fullName ?? 'Người Thử Nghiệm',
      passwordHash: await hashPassword(password, 14),
      accountTypeId: type.id,
    })
    .returning({ id: accounts.id });
  if (!row) throw new Error('account not created');
  for (const m of input.memberships ?? []) {
    await db.insert(accountCompanies).values({ accountId: row.id, companyId: m.companyId, status: m.status, isOwner: m.isOwner ?? false });
  }
  return { id: row.id, phone, password };
}
