import { TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@server/testing/test-database';
import type { DatabaseHandle } from './db/client';
import { companies, companyFeatures } from './db/schema';
import { keepReads } from './read-once';
import { isSwitchOn, switchStates } from './switches';

let database: DatabaseHandle;
let companyId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [company] = await database.db.insert(companies).values({ title: 'Công ty thử', type: 'Khác' }).returning({ id: companies.id });
  companyId = company!.id;
  await database.db.insert(companyFeatures).values([
    { companyId, code: 'RECEIVABLE', isEnabled: true },
    { companyId, code: 'REWARD', isEnabled: false },
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("a company's switches", () => {
  it('are read once in a transaction that asks for it (an op), and afresh everywhere else', async () => {
    const op = database.db.transaction(async (tx) => {
      expect(await switchStates(tx, companyId)).not.toBe(await switchStates(tx, companyId));
      keepReads(tx);
      const first = await switchStates(tx, companyId);
      expect(await switchStates(tx, companyId)).toBe(first);
      expect([...first]).toEqual(
        expect.arrayContaining([
          ['RECEIVABLE', true],
          ['REWARD', false],
        ]),
      );
      // A switch the transaction itself changed is not seen again: no op changes one.
      await tx.update(companyFeatures).set({ isEnabled: false });
      expect(await isSwitchOn(tx, companyId, 'RECEIVABLE')).toBe(true);
      expect(await isSwitchOn(tx, companyId, 'REWARD')).toBe(false);
      expect(await isSwitchOn(tx, companyId, 'WAREHOUSE')).toBe(false);
      tx.rollback();
    });
    await expect(op).rejects.toThrow(TransactionRollbackError);
    expect(await isSwitchOn(database.db, companyId, 'RECEIVABLE')).toBe(true);
  });
});
