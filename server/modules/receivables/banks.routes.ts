/**
 * Bank calls (product-spec.md §7 "Bank (bank/api): bank, checkcard, card"): bank/ lists the
 * Vietnamese banks with their NAPAS BIN (contract/receivables-banks.ts), checkcard/ checks an
 * account number where it can be checked without a bank's paid lookup (a known bank, digits, length),
 * card/ keeps the company's accounts (RECEIVABLE on; one default, printed as VietQR).
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { BANKS, BankAccountSchema, CheckCardSchema, bankByBin, type BankAccountRecord } from '@contract/receivables-banks';
import { companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import type { Db } from '@server/kernel/db/client';
import { companyBankAccounts } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { uniqueViolation } from '@server/kernel/sql';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { receivableAccess } from './access';

const CompanyQuery = v.object({ company: companyQueryField });
const ID = ':id{[0-9]+}';

function toRecord(row: typeof companyBankAccounts.$inferSelect): BankAccountRecord {
  const bank = bankByBin(row.bankBin);
  return {
    id: row.id,
    company: row.companyId,
    bank_bin: row.bankBin,
    bank_code: bank?.code ?? '',
    bank_name: bank?.short_name ?? row.bankBin,
    account_number: row.accountNumber,
    account_name: row.accountName,
    branch: row.branch,
    is_default: row.isDefault,
  };
}

export async function bankAccountsOf(db: Db, companyId: number): Promise<BankAccountRecord[]> {
  const rows = await db
    .select()
    .from(companyBankAccounts)
    .where(eq(companyBankAccounts.companyId, companyId))
    .orderBy(desc(companyBankAccounts.isDefault), asc(companyBankAccounts.id));
  return rows.map(toRecord);
}

export function bankRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.get('/bank', (c) => ok(c, BANKS, { count: BANKS.length }));

  app.post('/checkcard', async (c) => {
    const input = await parseBody(c, CheckCardSchema);
    const bank = bankByBin(input.bank_bin)!;
    return ok(c, { valid: true, bank, account_number: input.account_number }, { message: `Số tài khoản hợp lệ tại ${bank.short_name}` });
  });

  app.get('/card', async (c) => {
    const query = parseQuery(c, CompanyQuery);
    await receivableAccess(db, c, query.company, 'view');
    const accounts = await bankAccountsOf(db, query.company);
    return ok(c, accounts, { count: accounts.length });
  });

  /** Saves one account; a default one takes the mark from the others (the first is the default). */
  async function save(companyId: number, id: number | null, input: v.InferOutput<typeof BankAccountSchema>) {
    return db.transaction(async (tx) => {
      const others = await tx
        .select({ id: companyBankAccounts.id })
        .from(companyBankAccounts)
        .where(and(eq(companyBankAccounts.companyId, companyId), id === null ? undefined : ne(companyBankAccounts.id, id)));
      const isDefault = input.is_default || others.length === 0;
      if (isDefault) await tx.update(companyBankAccounts).set({ isDefault: false }).where(eq(companyBankAccounts.companyId, companyId));
      const values = {
        bankBin: input.bank_bin,
        accountNumber: input.account_number,
        accountName: input.account_name,
        branch: input.branch,
        isDefault,
        updatedAt: new Date(),
      };
      try {
        const [row] =
          id === null
            ? await tx
                .insert(companyBankAccounts)
                .values({ companyId, ...values })
                .returning()
            : await tx
                .update(companyBankAccounts)
                .set(values)
                .where(and(eq(companyBankAccounts.id, id), eq(companyBankAccounts.companyId, companyId)))
                .returning();
        if (!row) throw notFound('Không tìm thấy tài khoản ngân hàng');
        return toRecord(row);
      } catch (error) {
        if (uniqueViolation(error) !== null)
          throw conflict('Tài khoản này đã có trong danh sách', { account_number: 'Tài khoản đã tồn tại' });
        throw error;
      }
    });
  }

  app.post('/card', async (c) => {
    const input = await parseBody(c, BankAccountSchema);
    await receivableAccess(db, c, input.company, 'edit');
    return created(c, await save(input.company, null, input), 'Đã thêm tài khoản ngân hàng');
  });

  app.put(`/card/${ID}`, async (c) => {
    const id = pathId(c);
    const input = await parseBody(c, BankAccountSchema);
    await receivableAccess(db, c, input.company, 'edit');
    return ok(c, await save(input.company, id, input), { message: 'Đã cập nhật tài khoản ngân hàng' });
  });

  app.delete(`/card/${ID}`, async (c) => {
    const id = pathId(c);
    const query = parseQuery(c, CompanyQuery);
    await receivableAccess(db, c, query.company, 'delete');
    const [gone] = await db
      .delete(companyBankAccounts)
      .where(and(eq(companyBankAccounts.id, id), eq(companyBankAccounts.companyId, query.company)))
      .returning();
    if (!gone) throw notFound('Không tìm thấy tài khoản ngân hàng');
    return ok(c, null, { message: 'Đã xóa tài khoản ngân hàng' });
  });

  return app;
}
