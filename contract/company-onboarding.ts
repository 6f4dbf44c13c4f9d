/**
 * Onboarding (/onboard, product-spec.md §2 rule 2): an account without a company registers one
 * (registercompany, counttitle) or asks to join one (checkcompany, account-register-company), and
 * the company's owner accepts or refuses the request (company/api/accountcompany/{id}/).
 */
import * as v from 'valibot';
import { foldedWords } from './fold';
import { companyTaxCodeField } from './tax-code';
import type { Account } from './auth';
import type { Company, CompanySummary } from './company';
import { bodyObject, idField, optionalText, requiredText } from './validation';

/** The two kinds a new company chooses from (spec: type Dược phẩm or Khác; Khác relabels sales staff). */
export const REGISTER_COMPANY_TYPES = ['Dược phẩm', 'Khác'] as const;

export const RegisterCompanySchema = bodyObject({
  title: requiredText('tên công ty'),
  type: v.picklist(REGISTER_COMPANY_TYPES, 'Vui lòng chọn loại hình: Dược phẩm hoặc Khác'),
  tax_code: companyTaxCodeField,
  address: requiredText('địa chỉ', 500),
  /** What the company trades in: one of the system's business types (shop/api/bussinesstype/). */
  business_type: v.optional(v.nullable(idField('ngành hàng')), null),
  phone: optionalText('số điện thoại', 20),
  email: optionalText('email', 255),
});
export type RegisterCompanyInput = v.InferInput<typeof RegisterCompanySchema>;

/** registercompany answers the company and the account with its new membership. */
export type RegisteredCompany = { company: Company; account: Account };

export const CountTitleSchema = bodyObject({ title: requiredText('tên công ty') });
/** How many companies have a name like this one, and up to five of them, to ask to join instead. */
export type SimilarTitles = { count: number; similar: CompanySummary[] };

/** Words that say what kind of company it is, not which one (left out when names are compared). */
const GENERIC_WORDS = new Set(
  'cong ty tnhh co phan cp mtv mot thanh vien tap doan chi nhanh thuong mai tm dich vu dv san xuat sx xuat nhap khau xnk duoc pham trang thiet bi y te nha thuoc quay dai ly phan phoi va'.split(
    ' ',
  ),
);

/** A name's distinguishing words, folded: "Công ty TNHH Dược phẩm An Khang" → "an khang". */
export function titleCore(title: string): string {
  const words = foldedWords(title);
  const core = words.filter((word) => !GENERIC_WORDS.has(word));
  return (core.length > 0 ? core : words).join(' ');
}

/** Two names are alike when one's distinguishing words contain the other's, as whole words. */
export function similarTitles(a: string, b: string): boolean {
  const [x, y] = [titleCore(a), titleCore(b)];
  if (!x || !y) return false;
  return ` ${x} `.includes(` ${y} `) || ` ${y} `.includes(` ${x} `);
}

/** A business type of the shop catalogue (the system administrator keeps the list: contract/system.ts). */
export type BusinessTypeRecord = { id: number; code: string; name: string };

export const onboardingPaths = {
  /** GET: the business types a company registers with (also systemPaths.businessTypes). */
  businessTypes: '/shop/api/bussinesstype/',
  registerCompany: '/account/api/registercompany/',
  countTitle: '/account/api/counttitle/',
  /** PUT: the caller asks to join the company {id}. */
  joinCompany: (companyId: number | string) => `/account/api/account-register-company/${companyId}/`,
} as const;
