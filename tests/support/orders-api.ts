/**
 * The office's side of the order browser tests: the real API of the test server, signed
 * in as the demo owner of An Khang, to read what the server holds (orders, variants) and to change
 * it the way the office would (raise a price, take an order by phone call).
 */
import { expect } from 'vitest';
import { customerPaths } from '@contract/customers';
import { orderPaths, type OrderRecord, type OrderSubmitPayload } from '@contract/orders';
import type { OrderStatus } from '@contract/orders-status';
import { productPaths, type ScanAnswer, type VariantRecord, type VariantUnit } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import { ean13 } from '@server/seed/ean13';
import { apiCall as api, officeSignIn as signIn } from './office-api';

export type Office = { baseUrl: string; token: string; companyId: number; accountId: number };

/**
 * Barcodes of the demo catalogue (server/seed/demo-catalogue.ts): An Khang's units are
 * numbered in seed order under the prefix 8936045, and only the units marked there carry one.
 */
export const DEMO_BARCODES = {
  /** Hapacol 500, vỉ of 10 viên, 5.000 ₫ (unit 2 of the catalogue). */
  hapacolStrip: ean13('893604500002'),
  /** Panadol Extra, vỉ of 12 viên, 18.000 ₫ (unit 7). */
  panadolStrip: ean13('893604500007'),
  /** Efferalgan 500mg viên sủi, vỉ of 4 viên, 12.000 ₫ (unit 10). */
  efferalganStrip: ean13('893604500010'),
} as const;

export { apiCall as api } from './office-api';

/** The demo owner signed in through the API, in An Khang, with the server's address for later calls. */
export async function officeSignIn(baseUrl: string): Promise<Office> {
  return { baseUrl, ...(await signIn(baseUrl)) };
}

/** The company's orders on the server (optionally of one customer), newest first, with the count. */
export async function serverOrders(office: Office, filter: { customer?: string } = {}): Promise<{ count: number; rows: OrderRecord[] }> {
  const customer = filter.customer ? `&customer=${filter.customer}` : '';
  const answer = await api<OrderRecord[]>(office.baseUrl, `${orderPaths.orders}?company=${office.companyId}${customer}&limit=100`, {
    token: office.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return { count: answer.body.count ?? answer.body.data.length, rows: answer.body.data };
}

/** One order as the office reads it. */
export async function serverOrder(office: Office, id: string): Promise<OrderRecord> {
  const answer = await api<OrderRecord>(office.baseUrl, `${orderPaths.order(id)}?company=${office.companyId}`, { token: office.token });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

/** The variant and unit a barcode names, from the server's catalogue. */
export async function scanOnServer(office: Office, barcode: string): Promise<ScanAnswer> {
  const answer = await api<ScanAnswer>(office.baseUrl, `${productPaths.scan}?company=${office.companyId}&barcode=${barcode}`, {
    token: office.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

/** The office changes one unit's retail price of a variant (PUT variant/{id}/, the other units as they are). */
export async function setUnitPrice(office: Office, variant: VariantRecord, unit: string, price: number): Promise<VariantRecord> {
  const units: VariantUnit[] = variant.units.map((candidate) => (candidate.unit === unit ? { ...candidate, price } : candidate));
  const answer = await api<VariantRecord>(office.baseUrl, productPaths.variant(variant.id), {
    token: office.token,
    method: 'PUT',
    body: { company: office.companyId, units },
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

/** A customer of the company by its exact name (the demo data's). */
export async function customerIdByName(office: Office, name: string): Promise<string> {
  const answer = await api<{ id: string; name: string }[]>(
    office.baseUrl,
    `${customerPaths.customers}?company=${office.companyId}&search=${encodeURIComponent(name)}&limit=50`,
    { token: office.token },
  );
  expect(answer.status, answer.body.message).toBe(200);
  const found = answer.body.data.find((customer) => customer.name === name);
  if (!found) throw new Error(`no customer named ${name} on the server`);
  return found.id;
}

let localCounter = 0;

/**
 * An order taken by the office for a customer (POST ordercompany/, priced by the server like a
 * rep's order), at the price the catalogue says today.
 */
export async function createOrderOnServer(
  office: Office,
  input: { customerId: string; lines: { barcode: string; quantity: number }[]; note?: string },
): Promise<OrderRecord> {
  const lines: OrderSubmitPayload['lines'] = [];
  for (const line of input.lines) {
    const { variant, unit } = await scanOnServer(office, line.barcode);
    lines.push({
      lineId: uuidv7(),
      variantId: variant.id,
      unit: unit.unit,
      quantity: line.quantity,
      quotedUnitPrice: unit.price,
      discount: null,
    });
  }
  localCounter += 1;
  const answer = await api<OrderRecord>(office.baseUrl, orderPaths.orders, {
    token: office.token,
    body: {
      company: office.companyId,
      orderId: uuidv7(),
      // The phone's number format (contract/orders.ts); the server is fresh for each test file.
      localNo: `VP-E2E0-${localCounter}`,
      customerId: input.customerId,
      note: input.note ?? null,
      lines,
      // The server prices the order itself and does not read the quoted total (as in its own tests).
      quotedTotal: 0,
      createdAt: new Date().toISOString(),
    },
  });
  expect(answer.status, answer.body.message).toBe(201);
  return answer.body.data;
}

/** The office moves an order to a status through the API (updatestatusordercompany/). */
export async function moveOnServer(office: Office, id: string, status: OrderStatus, reason: string | null = null): Promise<OrderRecord> {
  const answer = await api<OrderRecord>(office.baseUrl, orderPaths.status(id), {
    token: office.token,
    method: 'PUT',
    body: { company: office.companyId, status, reason },
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}
