/**
 * The signed-in state, kept where the product spec keeps it (§3 "Stored cookies"): cookies
 * `accessToken` (7 days, product-spec.md §9), `userAccount`, `companyData` and the per-company feature flags
 * (14 days), and `listCompanys` in local storage. The refresh token is NOT here: it lives in an
 * HttpOnly cookie page scripts cannot read (docs/architecture.md "Auth and session").
 * Components subscribe with `useSession()`; writers call `notify()` through the setters.
 */
import { useSyncExternalStore } from 'react';
import type { Account } from '@contract/auth';
import type { CompanySummary, Membership } from '@contract/company';
import type { FeatureFlags } from '@contract/company-switches';
import { cookieNames, readCookie, readJsonCookie, removeCookie, SECONDS, writeCookie } from './cookies';

const ACCESS_TOKEN = 'accessToken';
const USER_ACCOUNT = 'userAccount';
const COMPANY_DATA = 'companyData';
const RECENT_PARTNER = 'recentPartner';
const FLAGS_PREFIX = 'featureFlags_';
const LIST_COMPANIES = 'listCompanys';

let version = 0;
const listeners = new Set<() => void>();

function notify(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAccessToken(): string | null {
  return readCookie(ACCESS_TOKEN);
}

export function setAccessToken(token: string): void {
  writeCookie(ACCESS_TOKEN, token, SECONDS.week);
  notify();
}

/** The account without bulky fields, so the cookie stays far below the 4 KB limit. */
export type StoredAccount = Pick<Account, 'id' | 'phone' | 'full_name' | 'account_type_data' | 'company_data'>;

export function getUserAccount(): StoredAccount | null {
  return readJsonCookie<StoredAccount>(USER_ACCOUNT);
}

export function setUserAccount(account: Account | StoredAccount): void {
  const stored: StoredAccount = {
    id: account.id,
    phone: account.phone,
    full_name: account.full_name,
    account_type_data: account.account_type_data,
    company_data: account.company_data,
  };
  writeCookie(USER_ACCOUNT, JSON.stringify(stored), SECONDS.twoWeeks);
  localStorage.setItem(LIST_COMPANIES, JSON.stringify(account.company_data));
  notify();
}

export function getCompanyData(): CompanySummary | null {
  return readJsonCookie<CompanySummary>(COMPANY_DATA);
}

export function setCompanyData(company: CompanySummary): void {
  writeCookie(COMPANY_DATA, JSON.stringify({ id: company.id, title: company.title, type: company.type }), SECONDS.twoWeeks);
  notify();
}

export function getFeatureFlags(companyId: number): FeatureFlags {
  return readJsonCookie<FeatureFlags>(`${FLAGS_PREFIX}${companyId}`) ?? {};
}

export function setFeatureFlags(companyId: number, flags: FeatureFlags): void {
  writeCookie(`${FLAGS_PREFIX}${companyId}`, JSON.stringify(flags), SECONDS.twoWeeks);
  notify();
}

/** The workspaces of the signed-in person (local storage `listCompanys`). */
export function getListCompanies(): Membership[] {
  try {
    return JSON.parse(localStorage.getItem(LIST_COMPANIES) ?? '[]') as Membership[];
  } catch {
    return [];
  }
}

/**
 * Spec §4: logout removes the cookies for access token, user account, recently used partner and
 * company data (and the per-company flags), and clears local storage. IndexedDB (the outbox) is
 * deliberately untouched: queued work is never dropped by a logout.
 */
export function clearSession(): void {
  for (const name of [ACCESS_TOKEN, USER_ACCOUNT, RECENT_PARTNER, COMPANY_DATA]) removeCookie(name);
  for (const name of cookieNames()) if (name.startsWith(FLAGS_PREFIX)) removeCookie(name);
  localStorage.clear();
  notify();
}

export type SessionSnapshot = {
  accessToken: string | null;
  account: StoredAccount | null;
  company: CompanySummary | null;
  flags: FeatureFlags;
};

/** The snapshot and the cookie texts it was read from. */
let cached: { version: number; raw: string; session: SessionSnapshot } | null = null;

/**
 * A write or a focus only re-renders the app when a cookie really changed: the workspace's switches
 * are fetched again on every start (src/app/layout/app-layout.tsx), and an unchanged answer must not
 * render the whole screen again right after its first paint (blocking time, docs/performance.md).
 */
function snapshot(): SessionSnapshot {
  if (cached && cached.version === version) return cached.session;
  const company = getCompanyData();
  const raw = [ACCESS_TOKEN, USER_ACCOUNT, COMPANY_DATA, company ? `${FLAGS_PREFIX}${company.id}` : '']
    .map((name) => (name ? readCookie(name) : null))
    .join('\u0000');
  if (cached && cached.raw === raw) {
    cached.version = version;
    return cached.session;
  }
  const session = {
    accessToken: getAccessToken(),
    account: getUserAccount(),
    company,
    flags: company ? getFeatureFlags(company.id) : {},
  };
  cached = { version, raw, session };
  return session;
}

export function readSession(): SessionSnapshot {
  return snapshot();
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, snapshot, snapshot);
}

/** Re-read cookies changed by another tab (a storage event or focus is the cue). */
export function refreshSessionSnapshot(): void {
  notify();
}
