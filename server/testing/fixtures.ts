/** Extra accounts for tests that change an account's state (password, sessions) without touching the demo ones; a check-in as a phone pushes it. */
import { eq } from 'drizzle-orm';
import type { OpResult, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes } from '@server/kernel/db/schema';
import { hashPassword } from '@server/lib/passwords';
import type { TestServer } from './test-server';

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

/** One visit.checkIn pushed as a phone sends it (/sync/push, a fresh device): the server's answer to the op. */
export async function pushCheckIn(
  server: TestServer,
  token: string,
  company: number,
  payload: { visitId?: string; customerId: string; at?: string; unplannedReason?: string | null },
): Promise<OpResult> {
  const at = payload.at ?? new Date().toISOString();
  const answer = await server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company,
      deviceId: uuidv7(),
      ops: [
        { opId: uuidv7(), type: 'visit.checkIn', schemaVersion: 1, clientCreatedAt: at, payload: { visitId: uuidv7(), ...payload, at } },
      ],
    },
  });
  return answer.body.data.results[0]!;
}
