/**
 * The pharma rules at the moment of sale, each as the phone's push sees it (docs/pharma.md):
 * a medicine whose registration expired, a drug business with no licence number on file (and what a
 * company that never chose does), a drug under special control to a buyer without that scope, and an
 * order queued while the certificate was valid and sent after it expired. Blocked: the op is refused
 * with code PHARMA_RULE and the cart's reason, and no order is kept. Warned: the order is taken and the
 * office reads the warning in its history. Allowed: taken without a word.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@contract/calendar-days';
import type { OrderRecord } from '@contract/orders';
import { DEFAULT_PHARMA_SETTINGS, pharmaPaths, type ControlledClass, type PharmaSettings } from '@contract/pharma';
import { vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import { customers, pharmaSettings, products } from '@server/kernel/db/schema';
import { unguarded } from '@server/testing/change-log-guard';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockTo } from '@server/testing/warehouse.kit';

let kit: OrderKit;
const today = vietnamDay();
/** dd/mm/yyyy, as the reasons write a day. */
const shown = (day: string) => day.split('-').reverse().join('/');
/** "Product – variant", as the reasons name a line. */
const labelOf = (variant: VariantRecord) => [variant.product_name, variant.name].filter(Boolean).join(' – ');
const baseUnit = (variant: VariantRecord) => variant.units.find((unit) => unit.factor === 1)!.unit;

beforeAll(async () => {
  kit = await startOrderKit();
});

afterAll(async () => {
  await kit?.stop();
});

async function setSettings(settings: Partial<PharmaSettings>) {
  const answer = await kit.server.call<PharmaSettings>(pharmaPaths.settings, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, ...DEFAULT_PHARMA_SETTINGS, ...settings },
  });
  expect(answer.status).toBe(200);
}

/** A demo customer given a kind and papers (a valid licence and certificate unless told). */
async function buyer(
  code: string,
  papers: { kind: string; licenceNumber?: string | null; gppExpiry?: string | null; controlledScope?: boolean },
) {
  const customer = kit.customers.get(code)!;
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(customers)
      .set({
        kind: papers.kind,
        licenceNumber: 'licenceNumber' in papers ? papers.licenceNumber : '0123/ĐKKDD-HCM',
        gppExpiry: 'gppExpiry' in papers ? papers.gppExpiry : addDays(today, 400),
        controlledScope: papers.controlledScope ?? false,
      })
      .where(and(eq(customers.id, customer.id), eq(customers.companyId, kit.anKhang))),
  );
  return customer;
}

/** A demo product as a medicine with the given drug master facts (an OTC drug with no registration expiry unless told), in stock. */
async function medicine(name: string, facts: Partial<typeof products.$inferInsert> = {}) {
  const variant = kit.variant(name);
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(products)
      .set({
        isMedicine: true,
        prescription: false,
        essential: false,
        controlledClass: 'none',
        registrationExpiry: null,
        ...facts,
      })
      .where(and(eq(products.id, variant.product_id), eq(products.companyId, kit.anKhang))),
  );
  await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 5000);
  return variant;
}

/** The order as the office opens it, with its status history (404 when no order was kept). */
async function openOrder(id: string) {
  const answer = await kit.server.call<OrderRecord>(`/order/api/ordercompany/${id}/?company=${kit.anKhang}`, { token: kit.an.access });
  const history = (answer.body.bonus as { history: { from: string | null; to: string; reason: string | null }[] } | undefined)?.history;
  return { status: answer.status, order: answer.body.data, history: history ?? [] };
}

/** One line of a variant in its base unit, to the customer, through the sync push. */
function sell(customerCode: string, variant: VariantRecord, quantity = 2) {
  const payload = kit.payloadOf({ customerCode, lines: [{ variant, unit: baseUnit(variant), quantity }] });
  return { payload, answer: kit.submitPayload(payload) };
}

/** Refused by the pharma rules: the code, the cart's sentence with the line's reason, the line's field and change; no order kept. */
async function expectRefused(sale: ReturnType<typeof sell>, variant: VariantRecord, reason: string) {
  const answer = await sale.answer;
  expect(answer.outcome).toBe('rejected');
  expect(answer.error?.code).toBe('PHARMA_RULE');
  expect(answer.error?.message).toContain(`Không bán được: ${labelOf(variant)}: ${reason}.`);
  expect(answer.error?.message).toContain('Bỏ các dòng này khỏi đơn hoặc cập nhật giấy phép của khách hàng rồi gửi lại.');
  expect(answer.error?.fields).toEqual({ 'lines.0.variantId': reason });
  expect(answer.changes).toContainEqual({
    field: 'lines.0.variantId',
    from: variant.id,
    to: null,
    message: `${labelOf(variant)}: ${reason}`,
  });
  expect((await openOrder(sale.payload.orderId)).status).toBe(404);
}

/** Taken: the order is kept, and its first history row holds the warning (or nothing at all when `warning` is null). */
async function expectTaken(sale: ReturnType<typeof sell>, variant: VariantRecord, warning: string | null) {
  const answer = await sale.answer;
  expect(answer.error).toBeUndefined();
  expect(answer.outcome).toBe('applied');
  expect(answer.order?.id).toBe(sale.payload.orderId);
  const opened = await openOrder(sale.payload.orderId);
  expect(opened.status).toBe(200);
  expect(opened.history[0]).toMatchObject({ from: null, to: 'pending' });
  if (warning === null) expect(opened.history[0]!.reason).toBeNull();
  else expect(opened.history[0]!.reason ?? '(no reason)').toContain(`${labelOf(variant)}: ${warning}`);
}

describe('registration_rule: a medicine whose registration expired', () => {
  const expiry = addDays(today, -40);
  const reason = `Số đăng ký VD-24680-13 hết hạn ngày ${shown(expiry)}`;
  const expired = () => medicine('Berberin 100mg', { registrationNumber: 'VD-24680-13', registrationExpiry: expiry });

  it('is refused when the company blocks it, naming the number and the day it expired', async () => {
    const drug = await expired();
    await buyer('KH000001', { kind: 'Nhà thuốc' });
    await setSettings({ registration_rule: 'block' });
    await expectRefused(sell('KH000001', drug), drug, reason);
  });

  it('is taken with the warning in the order’s history when the company warns', async () => {
    const drug = await expired();
    await buyer('KH000001', { kind: 'Nhà thuốc' });
    await setSettings({ registration_rule: 'warn' });
    await expectTaken(sell('KH000001', drug), drug, reason);
  });

  it('is taken without a word when the company allows it; a registration valid today is never in question', async () => {
    const drug = await expired();
    await buyer('KH000001', { kind: 'Nhà thuốc' });
    await setSettings({ registration_rule: 'allow' });
    await expectTaken(sell('KH000001', drug), drug, null);
    // The last valid day still sells, even under block.
    const valid = await medicine('Berberin 100mg', { registrationNumber: 'VD-24680-13', registrationExpiry: today });
    await setSettings({ registration_rule: 'block' });
    await expectTaken(sell('KH000001', valid), valid, null);
  });
});

describe('licence_rule: a drug business with no licence number on file', () => {
  const noLicence = 'Chưa có số giấy chứng nhận đủ điều kiện kinh doanh dược của khách hàng';

  it('is refused under block: a pharmacy, a drug counter, and a clinic (whose licence is its operating licence)', async () => {
    const drug = await medicine('Hapacol 500');
    await setSettings({ licence_rule: 'block' });
    await buyer('KH000001', { kind: 'Nhà thuốc', licenceNumber: null });
    await expectRefused(sell('KH000001', drug), drug, noLicence);
    await buyer('KH000001', { kind: 'Quầy thuốc', licenceNumber: '   ' });
    await expectRefused(sell('KH000001', drug), drug, noLicence);
    await buyer('KH000001', { kind: 'Phòng khám', licenceNumber: null, gppExpiry: null });
    await expectRefused(sell('KH000001', drug), drug, 'Chưa có số giấy phép hoạt động khám, chữa bệnh của khách hàng');
  });

  it('is taken with the warning under warn, and silently under allow', async () => {
    const drug = await medicine('Hapacol 500');
    await buyer('KH000001', { kind: 'Quầy thuốc', licenceNumber: null });
    await setSettings({ licence_rule: 'warn' });
    await expectTaken(sell('KH000001', drug), drug, noLicence);
    await setSettings({ licence_rule: 'allow' });
    await expectTaken(sell('KH000001', drug), drug, null);
  });

  it('a company that never chose (no pharma_settings row) warns, as docs/pharma.md says, and blocks once it chooses block', async () => {
    const drug = await medicine('Hapacol 500');
    await buyer('KH000001', { kind: 'Nhà thuốc', licenceNumber: null });
    await unguarded(kit.server.deps.db, (tx) => tx.delete(pharmaSettings).where(eq(pharmaSettings.companyId, kit.anKhang)));
    expect(await kit.server.deps.db.select().from(pharmaSettings).where(eq(pharmaSettings.companyId, kit.anKhang))).toEqual([]);
    const read = await kit.server.call<PharmaSettings>(`${pharmaPaths.settings}?company=${kit.anKhang}`, { token: kit.an.access });
    expect(read.body.data).toMatchObject({ licence_rule: 'warn' });
    await expectTaken(sell('KH000001', drug), drug, noLicence);
    // The same sale is refused once the company blocks: the warning above came from the default, not from a rule that never fires.
    await setSettings({ licence_rule: 'block' });
    await expectRefused(sell('KH000001', drug), drug, noLicence);
  });
});

describe('drug_class_rule: a drug under special control', () => {
  const classes: ControlledClass[] = ['psychotropic', 'addictive', 'precursor'];

  it.each(classes)('(%s) to a pharmacy whose licence lacks the scope is refused; with the scope it is taken', async (controlledClass) => {
    const drug = await medicine('Seduxen 5mg', { prescription: true, essential: true, controlledClass });
    await setSettings({ drug_class_rule: 'block' });
    await buyer('KH000001', { kind: 'Nhà thuốc', controlledScope: false });
    await expectRefused(
      sell('KH000001', drug, 20),
      drug,
      'Nhà thuốc chưa được phép mua thuốc phải kiểm soát đặc biệt (giấy phép không có phạm vi này; Luật Dược 2016 Điều 47, Điều 34)',
    );
    await buyer('KH000001', { kind: 'Nhà thuốc', controlledScope: true });
    await expectTaken(sell('KH000001', drug, 20), drug, null);
  });

  it('is refused by the default settings too (drug_class_rule = block), and the drug counter is named', async () => {
    const drug = await medicine('Seduxen 5mg', { prescription: true, essential: true, controlledClass: 'psychotropic' });
    await unguarded(kit.server.deps.db, (tx) => tx.delete(pharmaSettings).where(eq(pharmaSettings.companyId, kit.anKhang)));
    await buyer('KH000003', { kind: 'Quầy thuốc', controlledScope: false });
    await expectRefused(
      sell('KH000003', drug, 20),
      drug,
      'Quầy thuốc chưa được phép mua thuốc phải kiểm soát đặc biệt (giấy phép không có phạm vi này; Luật Dược 2016 Điều 48 khoản 1, Điều 34)',
    );
  });
});

describe('an order queued while the certificate was valid, sent after it expired', () => {
  it('comes back refused with the reason, and is taken when sent again once the papers are renewed', async () => {
    const drug = await medicine('Hapacol 500');
    await setSettings({ licence_rule: 'block' });
    const lapsed = addDays(today, -1);
    await buyer('KH000001', { kind: 'Nhà thuốc', gppExpiry: lapsed });
    // Made on the phone three days ago, when the certificate still had two days to run.
    const queued = kit.payloadOf({ customerCode: 'KH000001', lines: [{ variant: drug, unit: baseUnit(drug), quantity: 3 }] });
    const madeAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    expect(vietnamDay(new Date(madeAt)) <= lapsed).toBe(true);
    const payload = { ...queued, createdAt: madeAt };
    await expectRefused(
      { payload, answer: kit.submitPayload(payload) },
      drug,
      `Giấy chứng nhận GPP/GDP của khách hàng hết hạn ngày ${shown(lapsed)}`,
    );
    // The rep acts on it: the certificate renewed, the very same order goes again (a new op) and is taken.
    await buyer('KH000001', { kind: 'Nhà thuốc', gppExpiry: addDays(today, 3 * 365) });
    await expectTaken({ payload, answer: kit.submitPayload(payload) }, drug, null);
  });
});
