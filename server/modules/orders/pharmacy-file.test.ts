/**
 * The pharmacy's import file of an order (docs/pharma.md "Delivery data for pharmacies"): refused before the goods leave; after, the
 * national `phieu_nhap` in the fixture's shape with the lots the export receipt took, the customer's
 * outlet code, the registration number and national drug code; the printed note's facts per line; the
 * QR's text; the signed link (valid, tampered, expired); another company cannot read it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from '@contract/fixtures/phieu-nhap/phieu-nhap.json';
import type { OrderRecord } from '@contract/orders';
import { pharmacyFilePaths, type PharmacyFileAnswer, type PhieuNhap } from '@contract/pharma-delivery-file';
import type { VariantRecord } from '@contract/products';
import { customers, products } from '@server/kernel/db/schema';
import { startOrderKit, type OrderKit } from '@server/testing/orders.kit';
import { stockTo } from '@server/testing/warehouse.kit';
import { unguarded } from '@server/testing/change-log-guard';
import { signedFileUrl } from './pharmacy-file.routes';

let kit: OrderKit;
let drug: VariantRecord;
let order: OrderRecord;

const fileOf = (id: string, token = kit.an.access, company = kit.anKhang) =>
  kit.server.call<PharmacyFileAnswer>(`${pharmacyFilePaths.order(id)}?company=${company}`, { token });

async function move(id: string, status: string) {
  const moved = await kit.server.call(`/order/api/updatestatusordercompany/${id}/`, {
    method: 'PUT',
    token: kit.an.access,
    body: { company: kit.anKhang, status, reason: null },
  });
  if (moved.status !== 200) throw new Error(JSON.stringify(moved.body));
}

/** Every key of the fixture with the type of its value, lines by their first. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return [shapeOf(value[0])];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  return typeof value;
}

beforeAll(async () => {
  kit = await startOrderKit();
  drug = kit.variants[0]!;
  const db = kit.server.deps.db;
  await unguarded(db, (tx) =>
    tx
      .update(products)
      .set({ isMedicine: true, nationalCode: 'VN-0001234', registrationNumber: 'VD-21211-14' })
      .where(and(eq(products.companyId, kit.anKhang), eq(products.id, drug.product_id))),
  );
  await unguarded(db, (tx) =>
    tx
      .update(customers)
      .set({ outletCode: '79-0123' })
      .where(and(eq(customers.companyId, kit.anKhang), eq(customers.code, 'KH000002'))),
  );
  await stockTo(kit.server, kit.an.access, kit.anKhang, drug, 1000);
  order = await kit.createOrder({ customerCode: 'KH000002', lines: [{ variant: drug, unit: drug.units[0]!.unit, quantity: 3 }] });
});
afterAll(async () => {
  await kit?.stop();
});

describe('the phieu_nhap download', () => {
  it('is refused while the goods have not left the warehouse', async () => {
    const answer = await fileOf(order.id);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toContain('chưa xuất kho');
  });

  it("after shipping: the fixture's shape, lots from the export receipt, the outlet code and drug facts", async () => {
    await move(order.id, 'confirmed');
    await move(order.id, 'delivering');
    const answer = await fileOf(order.id);
    expect(answer.status).toBe(200);
    const { phieu_nhap, gaps, file_name, lines, qr } = answer.body.data;
    expect(shapeOf(phieu_nhap)).toEqual(shapeOf(fixture));
    expect(phieu_nhap).toMatchObject({ loai_phieu_nhap: 1, ma_co_so: '79-0123', ma_phieu: order.code });
    expect(phieu_nhap.ngay_nhap).toMatch(/^\d{8}$/);
    const base = 3 * drug.units[0]!.factor;
    expect(phieu_nhap.chi_tiet.reduce((sum, line) => sum + line.so_luong, 0)).toBe(base);
    for (const line of phieu_nhap.chi_tiet) {
      expect(line).toMatchObject({ ma_thuoc: 'VN-0001234', so_dklh: 'VD-21211-14' });
      expect(line.so_lo).not.toBe('');
      expect(line.han_dung).toMatch(/^\d{8}$/);
    }
    expect(gaps).toEqual([]);
    expect(file_name).toBe(`phieu-nhap-${order.code}.json`);
    expect(lines).toEqual([
      expect.objectContaining({ registration_number: 'VD-21211-14', national_code: 'VN-0001234', lots: expect.any(Array) }),
    ]);
    expect(lines[0]!.lots.reduce((sum, lot) => sum + lot.base_quantity, 0)).toBe(base);
    expect(qr.kind).toBe('json');
    expect(JSON.parse(qr.text)).toEqual(phieu_nhap);
  });

  it('another company cannot read it', async () => {
    expect((await fileOf(order.id, kit.binh.access)).status).toBe(403);
    expect((await fileOf(order.id, kit.an.access, kit.minhPhat)).status).toBe(404);
  });
});

describe('the signed link', () => {
  it('answers the national shape itself without a sign-in, and nothing once tampered or expired', async () => {
    const url = new URL(await signedFileUrl(kit.server.deps, kit.anKhang, order.id));
    const path = `${url.pathname.replace(/^\/api/, '')}${url.search}`;
    const answer = await kit.server.call<PhieuNhap>(path);
    expect(answer.status).toBe(200);
    expect((answer.body as unknown as PhieuNhap).ma_co_so).toBe('79-0123');
    const tampered = new URLSearchParams(url.search);
    tampered.set('c', String(kit.minhPhat));
    expect((await kit.server.call(`${url.pathname.replace(/^\/api/, '')}?${tampered}`)).status).toBe(404);
    const expired = new URLSearchParams(url.search);
    expired.set('e', '1000');
    expect((await kit.server.call(`${url.pathname.replace(/^\/api/, '')}?${expired}`)).status).toBe(404);
  });
});
