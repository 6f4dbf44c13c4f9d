/**
 * Receipts end to end over HTTP on the demo company: imports with lots, exports picking
 * first-expiry-first-out, cancelling a posted receipt, closed periods, counts by several counters,
 * transfers behind the WAREHOUSE switch, and the ledger check after each.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VariantRecord } from '@contract/products';
import type { PullAnswer } from '@contract/sync';
import type { StockRow } from '@contract/warehouse';
import type { ReceiptDetail, ReceiptRecord, StockCheckRecord } from '@contract/warehouse-receipts';
import { companyFeatures, stockLotBalances } from '@server/kernel/db/schema';
import { STAFF } from '@server/testing/employees.kit';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';

let kit: OrderKit;
const STOREKEEPER = STAFF.storekeeper;
const today = new Date().toISOString().slice(0, 10);
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  kit = await startOrderKit();
});
afterAll(async () => {
  await kit?.stop();
});

function receipt(kind: string, body: Record<string, unknown>, token = kit.an.access) {
  return kit.server.call<ReceiptDetail>(`/warehouse/api/${kind}receipt/`, {
    method: 'POST',
    token,
    body: { company: kit.anKhang, document_date: today, ...body },
  });
}
function move(kind: string, id: string, status: string, extra: Record<string, unknown> = {}) {
  return kit.server.call<ReceiptDetail>(`/warehouse/api/updatestatus${kind}receipt/${id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status, ...extra },
  });
}
/** One counter's sheet of an open check: `quantity` of a variant's lot. */
function countSheet(checkId: string, line: { variantId: number; lotId: number | null; quantity: number }, token = kit.an.access) {
  return kit.server.call<ReceiptDetail>(`/warehouse/api/checkreceipt/${checkId}/count/`, {
    method: 'POST',
    token,
    body: { company: kit.anKhang, receiptId: checkId, sheetId: crypto.randomUUID(), lines: [line] },
  });
}

async function stockOf(variant: VariantRecord): Promise<StockRow | undefined> {
  const answer = await kit.server.call<StockRow[]>(`/warehouse/api/inventory/?company=${kit.anKhang}&search=${variant.code}&limit=50`, {
    token: kit.an.access,
  });
  return answer.body.data.find((row) => row.variant_id === variant.id);
}
/** The company's changes after `cursor` (every page), and the cursor after them. */
async function pullFrom(cursor: number): Promise<Pick<PullAnswer, 'changes' | 'cursor'>> {
  const changes: PullAnswer['changes'] = [];
  for (;;) {
    const page = await kit.server.call<PullAnswer>(`/sync/pull?company=${kit.anKhang}&cursor=${cursor}&limit=1000`, {
      token: kit.an.access,
    });
    expect(page.status, page.body.message).toBe(200);
    changes.push(...page.body.data.changes);
    cursor = page.body.data.cursor;
    if (!page.body.data.hasMore) return { changes, cursor };
  }
}
async function ledgerHolds(): Promise<boolean> {
  const answer = await kit.server.call<{ holds: boolean }>(`/warehouse/api/ledgercheck/?company=${kit.anKhang}`, { token: kit.an.access });
  return answer.body.data.holds;
}

describe('warehouse receipts', () => {
  it('imports lots of a medicine (lot and expiry required) at their price, and the stock view shows them with value', async () => {
    const variant = kit.variant('Berberin 100mg');
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    const noLot = await receipt('import', {
      status: 'completed',
      lines: [{ variant_id: variant.id, unit: base, quantity: 10, unit_price: 100 }],
    });
    expect([noLot.status, noLot.body.fields?.['lines.0.lot_no']]).toEqual([400, 'Berberin 100mg là thuốc: cần số lô và hạn dùng']);
    const before = (await stockOf(variant))?.on_hand ?? 0;
    const beforeValue = (await stockOf(variant))?.value ?? 0;
    const answer = await receipt('import', {
      status: 'completed',
      partner_name: 'Công ty Dược Hậu Giang',
      lines: [
        {
          variant_id: variant.id,
          unit: base,
          quantity: 100,
          unit_price: 120,
          lot_no: 'WB-LATE',
          manufactured_on: '2026-01-01',
          expires_on: days(400),
        },
        {
          variant_id: variant.id,
          unit: base,
          quantity: 50,
          unit_price: 90,
          lot_no: 'WB-SOON',
          manufactured_on: '2025-06-01',
          expires_on: days(20),
        },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      status: 'completed',
      code: expect.stringMatching(/^PN\d{6}$/),
      total_amount: 100 * 120 + 50 * 90,
    });
    const row = (await stockOf(variant))!;
    expect(row.on_hand - before).toBe(150);
    expect(row.value - beforeValue).toBe(16_500);
    expect(row.lots.map((lot) => lot.lot_no)).toEqual(expect.arrayContaining(['WB-LATE', 'WB-SOON']));
    const near = await kit.server.call<StockRow[]>(`/warehouse/api/inventory/?company=${kit.anKhang}&expiring=30&limit=200`, {
      token: kit.an.access,
    });
    expect(near.body.data.some((stock) => stock.variant_id === variant.id)).toBe(true);
    expect(await ledgerHolds()).toBe(true);
  });

  it('exports first-expiry-first-out, refuses more than is there, and a cancelled export puts the stock back', async () => {
    const variant = kit.variant('Berberin 100mg');
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    const soon = async () => (await stockOf(variant))!.lots.find((lot) => lot.lot_no === 'WB-SOON')!.quantity;
    const soonBefore = await soon();
    const out = await receipt('export', {
      status: 'completed',
      partner_name: 'Nhà thuốc Hạnh Phúc',
      lines: [{ variant_id: variant.id, unit: base, quantity: 30 }],
    });
    expect(out.status).toBe(201);
    expect(out.body.data.lines[0]!.picks).toEqual([expect.objectContaining({ lot_no: 'WB-SOON', base_quantity: 30 })]);
    // The picks are counted in the base unit, which the line names (the sheet says "30 viên").
    expect(out.body.data.lines[0]!.base_unit).toBe(base);
    expect(await soon()).toBe(soonBefore - 30);
    const tooMuch = await receipt('export', { status: 'completed', lines: [{ variant_id: variant.id, unit: base, quantity: 1_000_000 }] });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'STOCK_INSUFFICIENT']);
    const noReason = await move('export', out.body.data.id, 'cancelled');
    expect(noReason.status).toBe(400);
    const cancelled = await move('export', out.body.data.id, 'cancelled', { reason: 'Xuất nhầm' });
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await soon()).toBe(soonBefore);
    expect(await ledgerHolds()).toBe(true);
  });

  it('refuses bad lines in Vietnamese and writes nothing', async () => {
    const variant = kit.variant('Hapacol 500');
    const list = async () =>
      (await kit.server.call<ReceiptRecord[]>(`/warehouse/api/importreceipt/?company=${kit.anKhang}&limit=200`, { token: kit.an.access }))
        .body;
    const countBefore = (await list()).count;
    const negative = await receipt('import', {
      lines: [{ variant_id: variant.id, unit: 'viên', quantity: -5, lot_no: 'X', expires_on: days(100) }],
    });
    expect([negative.status, negative.body.fields?.['lines.0.quantity']]).toEqual([400, 'Số lượng phải lớn hơn 0']);
    const fraction = await receipt('import', {
      lines: [{ variant_id: variant.id, unit: 'viên', quantity: 1.5, lot_no: 'X', expires_on: days(100) }],
    });
    expect(fraction.body.fields?.['lines.0.quantity']).toBe('Số lượng phải là số nguyên');
    const twice = await receipt('import', {
      lines: [
        { variant_id: variant.id, unit: 'viên', quantity: 5, lot_no: 'DUP', expires_on: days(100) },
        { variant_id: variant.id, unit: 'viên', quantity: 5, lot_no: 'DUP', expires_on: days(100) },
      ],
    });
    expect([twice.status, twice.body.fields?.['lines.1.lot_no']]).toEqual([400, 'Hapacol 500 lô DUP có hai dòng: gộp lại một dòng']);
    const unit = await receipt('import', {
      lines: [{ variant_id: variant.id, unit: 'thùng', quantity: 5, lot_no: 'X', expires_on: days(100) }],
    });
    expect(unit.body.fields?.['lines.0.unit']).toBe('Hapacol 500 không có đơn vị "thùng"');
    // Minh Phát's owner naming An Khang's product.
    const foreign = await receipt(
      'import',
      { company: kit.minhPhat, lines: [{ variant_id: variant.id, unit: 'viên', quantity: 5 }] },
      kit.binh.access,
    );
    expect([foreign.status, foreign.body.fields?.['lines.0.variant_id']]).toEqual([400, 'Sản phẩm không tồn tại trong công ty']);
    expect((await list()).count).toBe(countBefore);
  });

  it('closes a month: a receipt dated in it is refused; the last closed month can be reopened', async () => {
    const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7);
    const close = await kit.server.call(`/warehouse/api/accountperiod/`, {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, month },
    });
    expect(close.status).toBe(201);
    const variant = kit.variant('Hapacol 500');
    const late = await receipt('import', {
      document_date: `${month}-10`,
      lines: [{ variant_id: variant.id, unit: 'viên', quantity: 5, lot_no: 'P1', expires_on: days(300) }],
    });
    expect([late.status, late.body.error]).toEqual([409, 'PERIOD_CLOSED']);
    const thisMonth = await kit.server.call('/warehouse/api/accountperiod/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, month: today.slice(0, 7) },
    });
    expect(thisMonth.status).toBe(400);
    const reopen = await kit.server.call(`/warehouse/api/accountperiod/${month}/?company=${kit.anKhang}`, {
      method: 'DELETE',
      token: kit.an.access,
    });
    expect(reopen.status).toBe(200);
    const now = await receipt('import', {
      document_date: `${month}-10`,
      lines: [{ variant_id: variant.id, unit: 'viên', quantity: 5, lot_no: 'P1', expires_on: days(300) }],
    });
    expect(now.status).toBe(201);
  });

  it("a lot counted again by the same person replaces that person's figure; two counters' figures add up; the office sees them before completing", async () => {
    const variant = kit.variant('Hapacol 500');
    const { cursor } = await pullFrom(0);
    const check = await kit.server.call<ReceiptDetail>('/warehouse/api/checkreceipt/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, document_date: today, variants: [variant.id] },
    });
    expect(check.status).toBe(201);
    expect(check.body.data.count_merge).toBe('sum');
    // The new count reaches the counters' phones through the pull at once, before anyone counted.
    const pulled = (await pullFrom(cursor)).changes.find((change) => change.entity === 'stock_check' && change.id === check.body.data.id);
    expect(pulled?.op).toBe('upsert');
    expect((pulled?.data as StockCheckRecord).lines.map((entry) => entry.variant_id)).toContain(variant.id);
    const lines = check.body.data.lines.filter((line) => line.variant_id === variant.id);
    expect(lines.length).toBeGreaterThan(0);
    const line = lines[0]!;
    const book = line.book_quantity!;
    const keeper = await kit.server.login(STOREKEEPER);
    const sheet = (quantity: number, token = kit.an.access) =>
      countSheet(check.body.data.id, { variantId: variant.id, lotId: line.lot_id, quantity }, token);
    const countedSoFar = async () => {
      const detail = await kit.server.call<ReceiptDetail>(`/warehouse/api/checkreceipt/${check.body.data.id}/?company=${kit.anKhang}`, {
        token: kit.an.access,
      });
      return detail.body.data.lines.find((entry) => entry.id === line.id)?.counted_quantity;
    };
    expect(await countedSoFar()).toBeNull();
    // The owner counts the shelf (book − 1), then recounts it (book − 3): a recount, not more stock.
    expect((await sheet(book - 1)).status).toBe(200);
    expect(await countedSoFar()).toBe(book - 1);
    expect((await sheet(book - 3)).status).toBe(200);
    expect(await countedSoFar()).toBe(book - 3);
    // The keeper counted the back room: 5 more, added to the owner's figure.
    expect((await sheet(5, keeper.access)).status).toBe(200);
    expect(await countedSoFar()).toBe(book + 2);
    const done = await move('check', check.body.data.id, 'completed');
    expect(done.status).toBe(200);
    const counted = done.body.data.lines.find((entry) => entry.id === line.id)!;
    expect(counted).toMatchObject({ book_quantity: book, counted_quantity: book + 2 });
    expect(done.body.data.counters.map((counter) => counter.sheets).sort()).toEqual([1, 2]);
    const [balance] = await kit.server.deps.db
      .select()
      .from(stockLotBalances)
      .where(and(eq(stockLotBalances.companyId, kit.anKhang), eq(stockLotBalances.lotId, line.lot_id!)));
    expect(balance?.onHand).toBe(book + 2);
    expect(await ledgerHolds()).toBe(true);
  });

  it('a check the office opens with "latest" takes the last figure anyone sent for a lot, and its phones are told so', async () => {
    const variant = kit.variant('Panadol Extra');
    const refused = await kit.server.call('/warehouse/api/checkreceipt/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, document_date: today, variants: [variant.id], count_merge: 'average' },
    });
    expect([refused.status, refused.body.fields]).toEqual([400, { count_merge: 'Cách gộp số đếm không hợp lệ' }]);
    const { cursor } = await pullFrom(0);
    const check = await kit.server.call<ReceiptDetail>('/warehouse/api/checkreceipt/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, document_date: today, variants: [variant.id], count_merge: 'latest' },
    });
    expect([check.status, check.body.data.count_merge]).toEqual([201, 'latest']);
    const pulled = (await pullFrom(cursor)).changes.find((change) => change.entity === 'stock_check' && change.id === check.body.data.id);
    expect((pulled?.data as StockCheckRecord).count_merge).toBe('latest');
    const line = check.body.data.lines.find((entry) => entry.variant_id === variant.id)!;
    const keeper = await kit.server.login(STOREKEEPER);
    for (const [quantity, token] of [
      [7, kit.an.access],
      [5, keeper.access],
    ] as const) {
      const sent = await countSheet(check.body.data.id, { variantId: variant.id, lotId: line.lot_id, quantity }, token);
      expect(sent.status).toBe(200);
    }
    const detail = await kit.server.call<ReceiptDetail>(`/warehouse/api/checkreceipt/${check.body.data.id}/?company=${kit.anKhang}`, {
      token: kit.an.access,
    });
    // Two people counted the same lot: the keeper's figure, sent last, is the count (not 7 + 5).
    expect(detail.body.data.lines.find((entry) => entry.id === line.id)?.counted_quantity).toBe(5);
  });

  it('moves stock between warehouses only with the WAREHOUSE switch on; what did not arrive is recorded', async () => {
    const db = kit.server.deps.db;
    await db.delete(companyFeatures).where(and(eq(companyFeatures.companyId, kit.anKhang), eq(companyFeatures.code, 'WAREHOUSE')));
    const off = await kit.server.call('/warehouse/api/warehouse/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, name: 'Kho Cần Thơ' },
    });
    expect([off.status, off.body.error]).toEqual([403, 'FEATURE_OFF']);
    await db.insert(companyFeatures).values({ companyId: kit.anKhang, code: 'WAREHOUSE', isEnabled: true });
    const made = await kit.server.call<{ id: number }>('/warehouse/api/warehouse/', {
      method: 'POST',
      token: kit.an.access,
      body: { company: kit.anKhang, name: 'Kho Cần Thơ' },
    });
    expect(made.status).toBe(201);
    const variant = kit.variant('Berberin 100mg');
    const base = variant.units.find((unit) => unit.factor === 1)!.unit;
    // To the warehouse it leaves from: a mistake in the form, said on the field, and nothing written.
    const receiptsBefore = await kit.server.call(`/warehouse/api/transferreceipt/?company=${kit.anKhang}`, { token: kit.an.access });
    const same = await receipt('transfer', {
      warehouse: made.body.data.id,
      to_warehouse: made.body.data.id,
      lines: [{ variant_id: variant.id, unit: base, quantity: 20 }],
    });
    expect([same.status, same.body.error, same.body.message, same.body.fields]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Kho nhận phải khác kho xuất',
      { to_warehouse: 'Kho nhận phải khác kho xuất' },
    ]);
    const receiptsAfter = await kit.server.call(`/warehouse/api/transferreceipt/?company=${kit.anKhang}`, { token: kit.an.access });
    expect(receiptsAfter.body.count).toBe(receiptsBefore.body.count);
    const transfer = await receipt('transfer', {
      to_warehouse: made.body.data.id,
      lines: [{ variant_id: variant.id, unit: base, quantity: 20 }],
    });
    expect(transfer.status).toBe(201);
    const sent = await move('transfer', transfer.body.data.id, 'in_transit');
    expect(sent.body.data.status).toBe('in_transit');
    const received = await move('transfer', transfer.body.data.id, 'completed', {
      received: [{ line_id: sent.body.data.lines[0]!.id, quantity: 18 }],
    });
    expect(received.body.data.lines[0]).toMatchObject({ quantity: 20, received_quantity: 18 });
    const there = await kit.server.call<StockRow[]>(`/warehouse/api/inventory/?company=${kit.anKhang}&warehouse=${made.body.data.id}`, {
      token: kit.an.access,
    });
    expect(there.body.data.find((row) => row.variant_id === variant.id)?.on_hand).toBe(18);
    expect(await ledgerHolds()).toBe(true);
  });

  it("keeps another company's members out", async () => {
    const answer = await kit.server.call(`/warehouse/api/inventory/?company=${kit.anKhang}`, { token: kit.binh.access });
    expect(answer.status).toBe(403);
  });
});
