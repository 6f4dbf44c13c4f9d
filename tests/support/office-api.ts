/**
 * The real API as an office user or a second device would call it from a test: JSON in, the
 * envelope out, with the status. Used to set up data and to check what the server holds.
 */
import { expect } from 'vitest';
import type { LoginAnswer } from '../../contract/auth';
import type { Envelope } from '../../contract/envelope';
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
