/**
 * The pharma rules as a caller sees them: the company's settings, an order line
 * the settings block refused by name with the cart's reason, a warned one taken with the warning
 * in its history, the list of certificates running out, and the reps' notices.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { DEFAULT_PHARMA_SETTINGS, pharmaPaths, type LicenceExpiryRow, type PharmaSettings } from '@contract/pharma';
import { vietnamDay } from '@contract/price-policy';
import { customers, notifications, orderStatusHistory, products, changeLog } from '@server/kernel/db/schema';
import type { LoginAnswer } from '@contract/auth';
import { STAFF } from '@server/testing/employees.kit';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockTo } from '@server/testing/warehouse.kit';
import { unguarded } from '@server/testing/change-log-guard';
import { sendLicenceNotices } from './licence-expiry';

let kit: OrderKit;
let rep: LoginAnswer;
const today = vietnamDay();

beforeAll(async () => {
  kit = await startOrderKit();
  rep = await kit.server.login(STAFF.rep);
});

afterAll(async () => {
  await kit?.stop();
});

async function setSettings(settings: Partial<PharmaSettings>, token = kit.an.access) {
  return kit.server.call<PharmaSettings>(pharmaPaths.settings, {
    method: 'PUT',
    token,
    body: { company: kit.anKhang, ...DEFAULT_PHARMA_SETTINGS, ...settings },
  });
}

/** The demo customer KH000001 as a drug counter with the given papers. */
async function counterWith(papers: { licenceNumber?: string | null; gppExpiry?: string | null }) {
  const customer = kit.customers.get('KH000001')!;
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(customers)
      .set({
        kind: 'Quầy thuốc',
        licenceNumber: 'licenceNumber' in papers ? papers.licenceNumber : 'GCN-79-0001',
        gppExpiry: papers.gppExpiry ?? addDays(today, 400),
      })
      .where(eq(customers.id, customer.id)),
  );
  return customer;
}

/** A medicine of the demo catalogue made a prescription drug outside the essential list. */
async function prescriptionDrug() {
  const variant = kit.variant('Siro ho Prospan');
  await unguarded(kit.server.deps.db, (tx) =>
    tx
      .update(products)
      .set({ isMedicine: true, prescription: true, essential: false, controlledClass: 'none' })
      .where(and(eq(products.id, variant.product_id), eq(products.companyId, kit.anKhang))),
  );
  await stockTo(kit.server, kit.an.access, kit.anKhang, variant, 500);
  return variant;
}

beforeEach(async () => {
  expect((await setSettings({})).status).toBe(200);
});

describe('pharma settings', () => {
  it('a rep reads them; only who keeps the company settings changes them; a bad value is refused in Vietnamese and changes nothing', async () => {
    const read = await kit.server.call<PharmaSettings>(`${pharmaPaths.settings}?company=${kit.anKhang}`, { token: rep.access });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(DEFAULT_PHARMA_SETTINGS);
    expect((await setSettings({ licence_rule: 'block' }, rep.access)).status).toBe(403);
    const bad = await setSettings({ expiry_notice_days: 0 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Số ngày báo trước phải từ 1 đến 180');
    const after = await kit.server.call<PharmaSettings>(`${pharmaPaths.settings}?company=${kit.anKhang}`, { token: kit.an.access });
    expect(after.body.data).toEqual(DEFAULT_PHARMA_SETTINGS);
    const saved = await setSettings({ licence_rule: 'block', expiry_notice_days: 45 });
    expect(saved.body.data).toMatchObject({ licence_rule: 'block', expiry_notice_days: 45 });
    // The phones hear of it: a change of the company's one settings record.
    const changes = await kit.server.deps.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.companyId, kit.anKhang), eq(changeLog.entity, 'pharma_settings')));
    expect(changes.map((change) => change.entityId)).toContain(String(kit.anKhang));
  });

  it('another company’s member cannot read them', async () => {
    const other = await kit.server.call(`${pharmaPaths.settings}?company=${kit.minhPhat}`, { token: rep.access });
    expect([403, 404]).toContain(other.status);
  });
});

describe('an order checked against the rules', () => {
  it('a prescription drug outside the essential list to a drug counter is refused by name, with the law it breaks', async () => {
    const drug = await prescriptionDrug();
    await counterWith({});
    const answer = await kit.submit({ customerCode: 'KH000001', lines: [{ variant: drug, unit: 'chai', quantity: 2 }] });
    expect(answer.outcome).toBe('rejected');
    expect(answer.error?.code).toBe('PHARMA_RULE');
    expect(answer.error?.message).toContain('Siro ho Prospan');
    expect(answer.error?.message).toContain(
      'Quầy thuốc không được mua thuốc kê đơn ngoài danh mục thuốc thiết yếu (Luật Dược 2016 Điều 48 khoản 1, Điều 34)',
    );
    expect(answer.error?.fields).toEqual({ 'lines.0.variantId': expect.stringContaining('Quầy thuốc không được mua') });
  });

  it('the same sale with the class rule at "warn" is taken, and the warning is in the order’s history', async () => {
    const drug = await prescriptionDrug();
    await counterWith({});
    await setSettings({ drug_class_rule: 'warn' });
    const answer = await kit.submit({ customerCode: 'KH000001', lines: [{ variant: drug, unit: 'chai', quantity: 2 }] });
    expect(answer.outcome).toBe('applied');
    const [first] = await kit.server.deps.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, answer.order!.id));
    expect(first!.reason).toContain('Siro ho Prospan: Quầy thuốc không được mua thuốc kê đơn');
  });

  it('an expired certificate blocks only when the company says so; "allow" sells without a word', async () => {
    const drug = kit.variant('Siro ho Prospan');
    await unguarded(kit.server.deps.db, (tx) => tx.update(products).set({ prescription: false }).where(eq(products.id, drug.product_id)));
    await counterWith({ gppExpiry: addDays(today, -1) });
    await setSettings({ licence_rule: 'block' });
    const refused = await kit.submit({ customerCode: 'KH000001', lines: [{ variant: drug, unit: 'chai', quantity: 1 }] });
    expect(refused.error?.message).toContain('Giấy chứng nhận GPP/GDP của khách hàng hết hạn ngày');
    await setSettings({ licence_rule: 'allow' });
    const sold = await kit.submit({ customerCode: 'KH000001', lines: [{ variant: drug, unit: 'chai', quantity: 1 }] });
    expect(sold.outcome).toBe('applied');
    const [first] = await kit.server.deps.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, sold.order!.id));
    expect(first!.reason).toBeNull();
  });
});

describe('certificates running out', () => {
  it('lists the expiring, the expired and the missing, each within the caller’s company', async () => {
    await counterWith({ gppExpiry: addDays(today, 10) });
    const expiring = await kit.server.call<LicenceExpiryRow[]>(`${pharmaPaths.licenceExpiry}?company=${kit.anKhang}&state=expiring`, {
      token: kit.an.access,
    });
    expect(expiring.body.data.find((row) => row.customer_code === 'KH000001')).toMatchObject({
      days_left: 10,
      licence_number: 'GCN-79-0001',
    });
    await counterWith({ gppExpiry: addDays(today, -3) });
    const expired = await kit.server.call<LicenceExpiryRow[]>(`${pharmaPaths.licenceExpiry}?company=${kit.anKhang}&state=expired`, {
      token: kit.an.access,
    });
    expect(expired.body.data.find((row) => row.customer_code === 'KH000001')?.days_left).toBe(-3);
    await counterWith({ licenceNumber: null });
    const missing = await kit.server.call<LicenceExpiryRow[]>(`${pharmaPaths.licenceExpiry}?company=${kit.anKhang}&state=missing`, {
      token: kit.an.access,
    });
    expect(missing.body.data.map((row) => row.customer_code)).toContain('KH000001');
    const bad = await kit.server.call(`${pharmaPaths.licenceExpiry}?company=${kit.anKhang}&state=soon`, { token: kit.an.access });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Bộ lọc không hợp lệ');
  });

  it('tells the customer’s rep once per certificate', async () => {
    const customer = await counterWith({ gppExpiry: addDays(today, 12) });
    await unguarded(kit.server.deps.db, (tx) => tx.update(customers).set({ staffId: rep.account.id }).where(eq(customers.id, customer.id)));
    const db = kit.server.deps.db;
    expect(await sendLicenceNotices(db, today)).toBeGreaterThanOrEqual(1);
    await sendLicenceNotices(db, today);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'licence_expiry'), eq(notifications.accountId, rep.account.id)));
    const aboutIt = told.filter((row) => row.link === `/customers/${customer.id}`);
    expect(aboutIt).toHaveLength(1);
    expect(aboutIt[0]!.body).toContain('còn 12 ngày');
  });
});
