import { describe, expect, it } from 'vitest';
import { guardRedirect, type GuardInput } from './route-guard';

const signedOut: Omit<GuardInput, 'pathname'> = { hasAccessToken: false, companyCount: 0, hasCompanyCookie: false };
const noCompany: Omit<GuardInput, 'pathname'> = { hasAccessToken: true, companyCount: 0, hasCompanyCookie: false };
const notChosen: Omit<GuardInput, 'pathname'> = { hasAccessToken: true, companyCount: 2, hasCompanyCookie: false };
const ready: Omit<GuardInput, 'pathname'> = { hasAccessToken: true, companyCount: 2, hasCompanyCookie: true };

describe('guardRedirect', () => {
  it('rule 1: sends a signed-in user away from login and register to /', () => {
    expect(guardRedirect({ ...ready, pathname: '/login' })).toBe('/');
    expect(guardRedirect({ ...noCompany, pathname: '/register' })).toBe('/');
    expect(guardRedirect({ ...signedOut, pathname: '/login' })).toBeNull();
  });

  it('rule 2: sends a user with a company away from onboarding', () => {
    expect(guardRedirect({ ...ready, pathname: '/onboard' })).toBe('/');
    expect(guardRedirect({ ...noCompany, pathname: '/onboard' })).toBeNull();
  });

  it('rule 3: leaves /, onboarding, login, forgot and reset password and register alone', () => {
    for (const pathname of ['/', '/forgot-password', '/reset-password', '/onboard', '/login', '/register']) {
      expect(guardRedirect({ ...signedOut, pathname })).toBeNull();
    }
  });

  it('rule 3: without a token any other page leads to /login', () => {
    for (const pathname of ['/dashboard', '/order', '/403', '/customers/12', '/my-account']) {
      expect(guardRedirect({ ...signedOut, pathname })).toBe('/login');
    }
  });

  it('rule 3: a token without any company leads to /', () => {
    expect(guardRedirect({ ...noCompany, pathname: '/dashboard' })).toBe('/');
  });

  it('rule 3: a token and companies but no chosen workspace leads to /', () => {
    expect(guardRedirect({ ...notChosen, pathname: '/order' })).toBe('/');
  });

  it('rule 3: a token with the company cookie is allowed', () => {
    expect(guardRedirect({ ...ready, pathname: '/order' })).toBeNull();
    expect(guardRedirect({ ...ready, pathname: '/customers/type/edit/3' })).toBeNull();
  });

  it('keeps /system for the system administrator, with or without a company, and sends anyone else to /403', () => {
    expect(guardRedirect({ ...noCompany, isSystemAdmin: true, pathname: '/system/accounts' })).toBeNull();
    expect(guardRedirect({ ...ready, isSystemAdmin: true, pathname: '/system' })).toBeNull();
    expect(guardRedirect({ ...ready, pathname: '/system/accounts' })).toBe('/403');
    expect(guardRedirect({ ...noCompany, pathname: '/system' })).toBe('/403');
    expect(guardRedirect({ ...signedOut, pathname: '/system' })).toBe('/login');
  });
});
