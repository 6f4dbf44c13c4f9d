/**
 * Receivable reports, limits, settings and banks through their calls: the demo's debts fall into
 * every aging bucket, a credit limit blocks or warns an order as the company chose (on the rep's op
 * and the office create alike), the statement adds up, the day's collections per rep, the bank list
 * and accounts, and every call refused to another company and with the switch off.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import {
  receivablePaths,
  type AgingRow,
  type CashSummaryRow,
  type LedgerRow,
  type ReceivableRecord,
  type ReceivableSettings,
  type RepCreditRecord,
  type StatementRecord,
} from '@contract/receivables';
import type { PullAnswer } from '@contract/sync';
import { bankPaths, type BankAccountRecord, type BankRecord } from '@contract/receivables-banks';
import { vietnamDay } from '@contract/price-policy';
import type { Permissions } from '@contract/roles';
import { roles } from '@server/kernel/db/schema';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { companyCalls, withQuery } from '@server/testing/receivables.kit';

let kit: OrderKit;
let rep: string;

const { get, send } = companyCalls(() => kit);
const customerId = (code: string) => kit.customers.get(code)!.id;
const smecta = (quantity: number) => [{ variant: kit.variant('Smecta'), unit: 'gói', quantity }];

async function settings(patch: Partial<ReceivableSettings>) {
  const current = (await get<ReceivableSettings>(receivablePaths.settings)).body.data;
  const answer = await send<ReceivableSettings>('PUT', receivablePaths.settings, { ...current, ...patch });
  expect(answer.status, answer.body.message).toBe(200);
}

beforeAll(async () => {
  kit = await startOrderKit();
  rep = (await kit.server.login(DEMO_STAFF.repSouth)).access;
});
afterAll(async () => {
  await kit?.stop();
});

describe('aging', () => {
  it("puts the demo's debts in every bucket, with totals that add up", async () => {
    const answer = await get<AgingRow[]>(receivablePaths.aging, { limit: 200 });
    expect(answer.status).toBe(200);
    const rows = answer.body.data;
    const bonus = answer.body.bonus as { totals: { balance: number; buckets: number[]; not_due: number }; buckets: { label: string }[] };
    expect(bonus.buckets.map((bucket) => bucket.label)).toEqual(['0–30 ngày', '31–60 ngày', '61–90 ngày', 'Trên 90 ngày']);
    expect(rows.some((row) => row.not_due > 0)).toBe(true);
    for (const index of [0, 1, 2, 3]) expect(bonus.totals.buckets[index], `bucket ${index}`).toBeGreaterThan(0);
    expect(bonus.totals.balance).toBe(rows.reduce((sum, row) => sum + row.balance, 0));
    const overdue = await get<AgingRow[]>(receivablePaths.aging, { only: 'overdue', limit: 200 });
    expect(overdue.body.data.every((row) => row.overdue > 0)).toBe(true);
    expect(overdue.body.data.find((row) => row.customer_code === 'KH000004')?.max_days_overdue).toBeGreaterThan(90);
  });

  it('sorts as the office picks and marks a customer over the limit with what the limit is checked against', async () => {
    const byBalance = (await get<AgingRow[]>(receivablePaths.aging, { ordering: 'balance', limit: 200 })).body.data;
    expect(byBalance.length).toBeGreaterThan(2);
    expect(byBalance.map((row) => row.balance)).toEqual(byBalance.map((row) => row.balance).sort((a, b) => b - a));
    const byCode = (await get<AgingRow[]>(receivablePaths.aging, { ordering: 'code', limit: 200 })).body.data;
    expect(byCode.map((row) => row.customer_code)).toEqual(byCode.map((row) => row.customer_code).sort());
    const bad = await get(receivablePaths.aging, { ordering: 'name' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Cách sắp xếp không hợp lệ']);

    const id = customerId('KH000005');
    expect((await get<AgingRow[]>(receivablePaths.aging, { limit: 200 })).body.data.find((row) => row.customer_id === id)?.over_limit).toBe(
      false,
    );
    await send('PUT', receivablePaths.creditLimit(id), { credit_limit: 1_000, credit_days: null });
    try {
      const over = (await get<AgingRow[]>(receivablePaths.aging, { only: 'over_limit', limit: 200 })).body.data;
      const row = over.find((entry) => entry.customer_id === id);
      expect(row).toMatchObject({ over_limit: true, credit_limit: 1_000 });
      expect(row!.exposure).toBeGreaterThanOrEqual(row!.balance);
      // The refusal names the same figure: the balance with the orders in progress.
      const standing = (await get<ReceivableRecord>(receivablePaths.info, { customer: id })).body.data;
      expect(row!.exposure).toBe(standing.exposure);
      expect(over.every((entry) => entry.over_limit)).toBe(true);
    } finally {
      await send('PUT', receivablePaths.creditLimit(id), { credit_limit: null, credit_days: null });
    }
  });

  it('follows the buckets the company sets', async () => {
    await settings({ aging_bounds: [15, 45] });
    try {
      const answer = await get<AgingRow[]>(receivablePaths.aging);
      expect((answer.body.bonus as { buckets: { label: string }[] }).buckets.map((bucket) => bucket.label)).toEqual([
        '0–15 ngày',
        '16–45 ngày',
        'Trên 45 ngày',
      ]);
      expect(answer.body.data[0]!.buckets).toHaveLength(3);
    } finally {
      await settings({ aging_bounds: [30, 60, 90] });
    }
    const bad = await send('PUT', receivablePaths.settings, { credit_policy: 'warn', default_credit_days: 30, aging_bounds: [60, 30] });
    expect([bad.status, bad.body.message]).toEqual([400, 'Các mốc tuổi nợ phải tăng dần']);
  });
});

describe('credit limits', () => {
  it('blocks an order over the limit with the reason, or takes it with a warning, as the company chose', async () => {
    const id = customerId('KH000005');
    const limit = await send('PUT', receivablePaths.creditLimit(id), { credit_limit: 1_000, credit_days: null });
    expect(limit.status).toBe(200);
    const record = (await get<ReceivableRecord>(receivablePaths.info, { customer: id })).body.data;
    expect(record.credit_limit).toBe(1_000);

    await settings({ credit_policy: 'block' });
    try {
      // The rep's op is refused with the reason; nothing is stored.
      const before = (
        await kit.server.call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}&customer=${id}&limit=200`, {
          token: kit.an.access,
        })
      ).body.count;
      const op = await kit.submit({ customerCode: 'KH000005', lines: smecta(2) }, { token: rep });
      expect([op.outcome, op.error?.code]).toEqual(['rejected', 'CREDIT_LIMIT_EXCEEDED']);
      expect(op.error?.message).toMatch(/^Không thể đặt hàng: Khách hàng .* vượt hạn mức công nợ/);
      // The office create answers 409 with the same reason.
      const office = await send('POST', '/order/api/ordercompany/', kit.payloadOf({ customerCode: 'KH000005', lines: smecta(2) }));
      expect([office.status, office.body.error]).toEqual([409, 'CREDIT_LIMIT_EXCEEDED']);
      expect(office.body.message).toContain('vượt hạn mức công nợ');
      const after = (
        await kit.server.call<OrderRecord[]>(`/order/api/ordercompany/?company=${kit.anKhang}&customer=${id}&limit=200`, {
          token: kit.an.access,
        })
      ).body.count;
      expect(after).toBe(before);

      await settings({ credit_policy: 'warn' });
      const warned = await kit.submit({ customerCode: 'KH000005', lines: smecta(2) }, { token: rep });
      expect(warned.outcome).toBe('applied');
      expect(warned.order?.credit_warning).toContain('vượt hạn mức công nợ');

      await settings({ credit_policy: 'allow' });
      const allowed = await kit.submit({ customerCode: 'KH000005', lines: smecta(1) }, { token: rep });
      expect([allowed.outcome, allowed.order?.credit_warning]).toEqual(['applied', null]);
    } finally {
      await settings({ credit_policy: 'warn' });
      await send('PUT', receivablePaths.creditLimit(id), { credit_limit: null, credit_days: null });
    }
  });

  it("counts a debt past the customer's credit days, and a rep's own limit", async () => {
    // KH000004 owes past its 30 days in the demo.
    const late = await kit.submit({ customerCode: 'KH000004', lines: smecta(1) }, { token: rep });
    expect(late.order?.credit_warning).toMatch(/có nợ quá hạn \d+ ngày \(hạn nợ 30 ngày\)/);
    const repId = (await kit.server.login(DEMO_STAFF.repSouth)).account.id;
    expect((await send('PUT', receivablePaths.repCreditLimit(repId), { credit_limit: 1, credit_days: null })).status).toBe(200);
    try {
      const pullFrom = async (cursor: number) =>
        (await kit.server.call<PullAnswer>(`/sync/pull?company=${kit.anKhang}&cursor=${cursor}&limit=2000`, { token: rep })).body.data;
      let cursor = 0;
      for (let page = await pullFrom(0); ; page = await pullFrom(cursor)) {
        cursor = page.cursor;
        if (!page.hasMore) break;
      }
      const over = await kit.submit({ customerCode: 'KH000005', lines: smecta(1) }, { token: rep });
      expect(over.order?.credit_warning).toContain('Nhân viên Lê Văn Trình vượt hạn mức công nợ');
      // A rep with a limit hears what their orders now owe (server/modules/receivables/settle.ts).
      const heard = (await pullFrom(cursor)).changes.find((change) => change.entity === 'rep_credit' && change.id === String(repId));
      expect((heard?.data as RepCreditRecord | undefined)?.exposure).toBeGreaterThanOrEqual(over.order!.total);
    } finally {
      await send('PUT', receivablePaths.repCreditLimit(repId), { credit_limit: 200_000_000, credit_days: null });
    }
    const bad = await send('PUT', receivablePaths.creditLimit(customerId('KH000005')), { credit_limit: -5, credit_days: null });
    expect([bad.status, bad.body.message]).toEqual([400, 'Hạn mức công nợ không được âm']);
    // A rep may not set limits.
    expect(
      (await send('PUT', receivablePaths.creditLimit(customerId('KH000004')), { credit_limit: 1, credit_days: null }, rep)).status,
    ).toBe(403);
  });
});

describe('ledger, statement and the day', () => {
  it('a statement runs from the opening balance through the movements to the closing one', async () => {
    const id = customerId('KH000001');
    const from = vietnamDay(new Date(Date.now() - 200 * 86_400_000));
    const to = vietnamDay();
    const statement = (await get<StatementRecord>(receivablePaths.statement, { customer: id, date_from: from, date_to: to })).body.data;
    expect(statement.customer.code).toBe('KH000001');
    expect(statement.opening).toBe(0);
    const increase = statement.lines.reduce((sum, line) => sum + line.increase, 0);
    const decrease = statement.lines.reduce((sum, line) => sum + line.decrease, 0);
    expect(statement.closing).toBe(statement.opening + increase - decrease);
    expect(statement.goods.length).toBeGreaterThan(0);
    const info = (await get<ReceivableRecord>(receivablePaths.info, { customer: id })).body.data;
    expect(statement.closing).toBe(info.balance);
    const ledger = await get<LedgerRow[]>(receivablePaths.ledger, { customer: id });
    expect(ledger.body.data.at(-1)?.balance_after).toBe(info.balance);
    const reversed = await get(receivablePaths.statement, { customer: id, date_from: to, date_to: from });
    expect([reversed.status, reversed.body.message]).toEqual([400, 'Từ ngày phải trước hoặc bằng đến ngày']);
  });

  it("sums each collector's day, and a rep sees only their own", async () => {
    const yesterday = vietnamDay(new Date(Date.now() - 86_400_000));
    const office = (await get<CashSummaryRow[]>(receivablePaths.cashSummary, { day: yesterday })).body.data;
    const trinh = office.find((row) => row.account_name === 'Lê Văn Trình');
    expect(trinh).toMatchObject({ cash: 2_000_000, pending: 2_000_000 });
    const own = (await get<CashSummaryRow[]>(receivablePaths.cashSummary, { day: yesterday }, rep)).body.data;
    expect(own.map((row) => row.account_name)).toEqual(['Lê Văn Trình']);
  });
});

describe('banks', () => {
  it('lists the NAPAS banks, checks an account number and keeps the company accounts', async () => {
    const banks = (await kit.server.call<BankRecord[]>(bankPaths.banks, { token: kit.an.access })).body.data;
    expect(banks.find((bank) => bank.bin === '970436')?.short_name).toBe('Vietcombank');
    const good = await kit.server.call(bankPaths.checkCard, {
      method: 'POST',
      token: kit.an.access,
      body: { bank_bin: '970422', account_number: '0123 456 789' },
    });
    expect([good.status, good.body.message]).toEqual([200, 'Số tài khoản hợp lệ tại MB Bank']);
    const letters = await kit.server.call(bankPaths.checkCard, {
      method: 'POST',
      token: kit.an.access,
      body: { bank_bin: '970422', account_number: '12ab' },
    });
    expect([letters.status, letters.body.message]).toEqual([400, 'Số tài khoản chỉ gồm chữ số']);
    const unknown = await kit.server.call(bankPaths.checkCard, {
      method: 'POST',
      token: kit.an.access,
      body: { bank_bin: '111111', account_number: '123456' },
    });
    expect([unknown.status, unknown.body.message]).toEqual([400, 'Ngân hàng không có trong danh sách NAPAS']);

    const made = await send<BankAccountRecord>('POST', bankPaths.cards, {
      bank_bin: '970422',
      account_number: '0123456789',
      account_name: 'Công ty Dược phẩm An Khang',
      is_default: true,
    });
    expect([made.status, made.body.data.account_name, made.body.data.is_default]).toEqual([201, 'CONG TY DUOC PHAM AN KHANG', true]);
    const list = (await get<BankAccountRecord[]>(bankPaths.cards)).body.data;
    expect(list.filter((account) => account.is_default).map((account) => account.account_number)).toEqual(['0123456789']);
    const twice = await send('POST', bankPaths.cards, { bank_bin: '970422', account_number: '0123456789', account_name: 'An Khang' });
    expect([twice.status, twice.body.message]).toEqual([409, 'Tài khoản này đã có trong danh sách']);
    expect(
      (
        await kit.server.call(withQuery(bankPaths.card(made.body.data.id), { company: kit.anKhang }), {
          method: 'DELETE',
          token: kit.an.access,
        })
      ).status,
    ).toBe(200);
  });
});

describe('other companies and the switch', () => {
  it("refuses another company's member on every report, and its own company while RECEIVABLE is off", async () => {
    const id = customerId('KH000001');
    const calls = [
      () => get(receivablePaths.aging, {}, kit.binh.access),
      () => get(receivablePaths.ledger, { customer: id }, kit.binh.access),
      () => get(receivablePaths.cashSummary, {}, kit.binh.access),
      () => get(bankPaths.cards, {}, kit.binh.access),
      () => send('PUT', receivablePaths.creditLimit(id), { credit_limit: 1, credit_days: null }, kit.binh.access),
    ];
    for (const call of calls) expect((await call()).status).toBe(403);
    // Minh Phát (its owner), where RECEIVABLE is off, and An Khang's customer is not its own.
    const off = await get(receivablePaths.ledger, { customer: id }, kit.binh.access, kit.minhPhat);
    expect([off.status, off.body.error]).toEqual([403, 'FEATURE_OFF']);
  });
});

describe('data scope of the cash summary', () => {
  it("counts for the regional manager only his region's customers' collections; the owner's counts them all", async () => {
    // Võ Minh Quân manages Miền Nam: KH000001 is in TP. Hồ Chí Minh, KH000007 in Hà Nội.
    const manager = (await kit.server.login(DEMO_STAFF.regionalManager)).access;
    const day = vietnamDay();
    const anRow = async (token: string) => {
      const answer = await get<CashSummaryRow[]>(receivablePaths.cashSummary, { day }, token);
      expect(answer.status).toBe(200);
      return answer.body.data.find((row) => row.account_id === kit.an.account.id) ?? { count: 0, total: 0 };
    };
    const before = { owner: await anRow(kit.an.access), manager: await anRow(manager) };
    for (const [code, amount] of [
      ['KH000007', 123_457],
      ['KH000001', 654_321],
    ] as const) {
      const paid = await send('POST', receivablePaths.payments, { customer: customerId(code), amount, method: 'cash' });
      expect(paid.status, paid.body.message).toBe(201);
    }
    const owner = await anRow(kit.an.access);
    expect([owner.count - before.owner.count, owner.total - before.owner.total]).toEqual([2, 777_778]);
    const managers = await anRow(manager);
    expect([managers.count - before.manager.count, managers.total - before.manager.total]).toEqual([1, 654_321]);
  });
});

describe('data scope of the reps’ credit limits', () => {
  it('shows and lets set a region-scoped member only his region’s reps’ limits', async () => {
    // A company may give its regional managers receivables/edit; the demo role has it not.
    const { db } = kit.server.deps;
    const [role] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.companyId, kit.anKhang), eq(roles.name, 'Quản lý vùng')));
    const permissions = role!.permissions as Permissions;
    await db
      .update(roles)
      .set({ permissions: { ...permissions, receivables: ['view', 'create', 'edit'] } })
      .where(eq(roles.id, role!.id));
    try {
      const manager = (await kit.server.login(DEMO_STAFF.regionalManager)).access;
      const listed = await get<{ name: string }[]>(receivablePaths.repCreditLimits, {}, manager);
      expect(listed.status).toBe(200);
      // Lê Văn Trình works Miền Nam, Phạm Thị Hoa Hà Nội.
      expect(listed.body.data.map((row) => row.name)).toEqual(['Lê Văn Trình']);
      const owners = await get<{ name: string }[]>(receivablePaths.repCreditLimits, {}, kit.an.access);
      expect(owners.body.data.map((row) => row.name)).toEqual(expect.arrayContaining(['Lê Văn Trình', 'Phạm Thị Hoa']));
      const hoa = (await kit.server.login(DEMO_STAFF.repNorth)).account.id;
      const outside = await send('PUT', receivablePaths.repCreditLimit(hoa), { credit_limit: 1, credit_days: null }, manager);
      expect(outside.status).toBe(404);
    } finally {
      await db.update(roles).set({ permissions: role!.permissions }).where(eq(roles.id, role!.id));
    }
  });
});
