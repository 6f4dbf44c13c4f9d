/**
 * The real API as an office user or a second device would call it from a test: JSON in, the
 * envelope out, with the status. Used to set up data and to check what the server holds.
 */
import { expect } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { Envelope } from '@contract/envelope';
import type { VariantRecord } from '@contract/products';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { COMPANIES, DEMO_ACCOUNT } from './e2e-app';

export type Office = { token: string; companyId: number; accountId: number };

export async function apiCall<T>(
  baseUrl: string,
  path: string,
  options: { token?: string; method?: string; body?: unknown } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const { token, body } = options;
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Envelope<T> };
}

/** Signs a demo account in through the API and picks its membership of a company (An Khang by default). */
export async function officeSignIn(
  baseUrl: string,
  phone: string = DEMO_ACCOUNT.phone,
  company: string = COMPANIES.anKhang,
): Promise<Office> {
  const answer = await apiCall<LoginAnswer>(baseUrl, '/account/api/login/', { body: { phone, password: DEMO_ACCOUNT.password } });
  expect(answer.status).toBe(200);
  const { access, account } = answer.body.data;
  const membership = account.company_data.find((entry) => entry.company_data.title === company);
  if (!membership) throw new Error(`${phone} has no membership in ${company}`);
  return { token: access, companyId: membership.company, accountId: account.id };
}

/**
 * An order pushed the way a phone sends it (`order.submit` through /sync/push): one line of the
 * first variant in the catalogue that has a unit. Answers the order the server applied.
 */
export async function pushPhoneOrder(
  baseUrl: string,
  who: Office,
  input: { customerId: string; quantity: number; localNo: string },
): Promise<{ id: string; code: string; total: number }> {
  const variants = await apiCall<VariantRecord[]>(baseUrl, `/product/api/variant/?company=${who.companyId}&limit=200`, {
    token: who.token,
  });
  const variant = variants.body.data.find((candidate) => candidate.units.length > 0)!;
  const unit = variant.units[0]!;
  const createdAt = new Date().toISOString();
  const payload = {
    orderId: uuidv7(),
    localNo: input.localNo,
    customerId: input.customerId,
    visitId: null,
    deliveryDate: null,
    note: null,
    lines: [
      { lineId: uuidv7(), variantId: variant.id, unit: unit.unit, quantity: input.quantity, quotedUnitPrice: unit.price, discount: null },
    ],
    quotedTotal: 0,
    createdAt,
  };
  const answer = await apiCall<PushAnswer>(baseUrl, '/sync/push', {
    token: who.token,
    body: {
      company: who.companyId,
      deviceId: uuidv7(),
      ops: [{ opId: uuidv7(), type: 'order.submit', schemaVersion: 1, clientCreatedAt: createdAt, payload }],
    },
  });
  expect(answer.status).toBe(200);
  const result = answer.body.data.results[0]!;
  expect(result.outcome, result.error?.message).not.toBe('rejected');
  return result.entity?.data as { id: string; code: string; total: number };
}
