/**
 * Route guards, exactly as product product-spec.md §2 rules 1–3 say them, as a pure function the root route
 * calls before every navigation.
 */

export type GuardInput = {
  pathname: string;
  hasAccessToken: boolean;
  /** Number of companies in the stored account's company_data. */
  companyCount: number;
  hasCompanyCookie: boolean;
  /** The stored account is the system administrator's (account type SYSTEM, docs/system.md). */
  isSystemAdmin?: boolean;
};

/** The system administrator's area (docs/system.md): theirs without a company, nobody else's. */
export const SYSTEM_AREA = '/system';

function inSystemArea(pathname: string): boolean {
  return pathname === SYSTEM_AREA || pathname.startsWith(`${SYSTEM_AREA}/`);
}

/** Paths rule 3 leaves alone (matched by "contains", as the spec words it), besides '/'. */
const UNGUARDED = ['onboard', 'login', 'forgot-password', 'reset-password', 'register'];

/** Where to send the user instead, or null to let the navigation happen. */
export function guardRedirect({
  pathname,
  hasAccessToken,
  companyCount,
  hasCompanyCookie,
  isSystemAdmin = false,
}: GuardInput): string | null {
  // Rule 1: signed-in users do not see login or registration.
  if ((pathname.includes('login') || pathname.includes('register')) && hasAccessToken) return '/';
  // Rule 2: onboarding is for people without a company.
  if (pathname.includes('onboard') && companyCount > 0) return '/';
  // The system administrator's area needs their account, not a company; anyone else gets /403.
  if (inSystemArea(pathname)) return !hasAccessToken ? '/login' : isSystemAdmin ? null : '/403';
  // Rule 3: everything else needs a token, a company in the account, and a chosen workspace.
  if (pathname === '/' || UNGUARDED.some((part) => pathname.includes(part))) return null;
  if (!hasAccessToken) return '/login';
  if (companyCount === 0) return '/';
  return hasCompanyCookie ? null : '/';
}
