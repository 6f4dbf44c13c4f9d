/**
 * Every API path the client calls, relative to the `/api` prefix, written as the product spec
 * writes them (trailing slashes included). The server mounts its routes from the same table.
 */
export const API_PREFIX = '/api';

export const accountPaths = {
  login: '/account/api/login/',
  logout: '/account/api/logout/',
  changePassword: '/account/api/changepassword/',
  forgotPassword: '/account/api/forgot_password/',
  verifyForgot: '/account/api/verify_forgot/',
  resetPassword: '/account/api/resetpassword/',
  checkPhone: '/account/api/checkphone/',
  /** POST: a proof-of-work challenge to solve before a code is sent by SMS (contract/auth-challenge.ts). */
  otpChallenge: '/account/api/otp-challenge/',
  account: (id: number | string) => `/account/api/account/${id}/`,
  updateAccount: (id: number | string) => `/account/api/updateaccountall/${id}/`,
  address: (id: number | string) => `/account/api/address/${id}/`,
  /** POST multipart `file`, DELETE: one's picture. */
  avatar: (id: number | string) => `/account/api/account/${id}/avatar/`,
  /** The picture's bytes; `version` changes with each new picture, so caches never serve an old one. */
  avatarImage: (id: number | string, version: number) => `/account/api/avatar/${id}/${version}/`,
} as const;

/** The refresh call lives under a per-environment micro-service prefix (API_ENV, default `local`). */
export function refreshTokenPath(apiEnv: string): string {
  return `/micro-account-${apiEnv}/account/api/refresh_token`;
}

export const companyPaths = {
  companies: '/company/api/company/',
  company: (id: number | string) => `/company/api/company/${id}/`,
  memberships: '/company/api/accountcompany/',
  membership: (id: number | string) => `/company/api/accountcompany/${id}/`,
  checkCompany: '/company/api/checkcompany/',
  functionOnOff: '/company/api/functiononoff/',
} as const;
