/**
 * The licence papers as a person edits them (docs/pharma.md "The customer's papers"): text fields as strings, days as ISO
 * days or null, and the mapping to the contract's licence fields, shared by the "Sửa giấy phép"
 * dialog (the `customer.licence` op) and the office customer form. The contract stays the judge:
 * checkLicenceInput answers its messages per field before anything is saved.
 */
import * as v from 'valibot';
import { buyerClass } from '@contract/pharma';
import {
  CUSTOMER_KINDS,
  LICENCE_EXPIRING_DAYS,
  licenceFields,
  licenceState,
  type CustomerKind,
  type CustomerLicence,
  type LicenceState,
} from '@contract/customers';
import { daysBetween } from '@contract/calendar-days';

export type LicenceFormValues = {
  licence_number: string;
  licence_issuer: string;
  licence_date: string | null;
  controlled_scope: boolean;
  gpp_number: string;
  gpp_expiry: string | null;
  outlet_code: string;
};

/** The fields a form sends; the scan is attached by its own upload and is not among them. */
export type LicenceInput = Omit<CustomerLicence, 'licence_scan'>;

export const EMPTY_LICENCE: LicenceFormValues = {
  licence_number: '',
  licence_issuer: '',
  licence_date: null,
  controlled_scope: false,
  gpp_number: '',
  gpp_expiry: null,
  outlet_code: '',
};

export function licenceFormFrom(record: Partial<CustomerLicence>): LicenceFormValues {
  return {
    licence_number: record.licence_number ?? '',
    licence_issuer: record.licence_issuer ?? '',
    licence_date: record.licence_date ?? null,
    controlled_scope: record.controlled_scope ?? false,
    gpp_number: record.gpp_number ?? '',
    gpp_expiry: record.gpp_expiry ?? null,
    outlet_code: record.outlet_code ?? '',
  };
}

const textOrNull = (value: string): string | null => (value.trim() ? value.trim() : null);

export function licenceFormToInput(values: LicenceFormValues): LicenceInput {
  return {
    licence_number: textOrNull(values.licence_number),
    licence_issuer: textOrNull(values.licence_issuer),
    licence_date: values.licence_date,
    controlled_scope: values.controlled_scope,
    gpp_number: textOrNull(values.gpp_number),
    gpp_expiry: values.gpp_expiry,
    outlet_code: textOrNull(values.outlet_code),
  };
}

const { licence_scan: _scan, ...typedFields } = licenceFields;
const LicenceInputSchema = v.object(typedFields);

/** The contract's verdict on the licence fields as `{ field: message }`, plus the one rule it cannot see alone. */
export function checkLicenceInput(values: LicenceFormValues): Record<string, string> {
  const fields: Record<string, string> = {};
  const parsed = v.safeParse(LicenceInputSchema, licenceFormToInput(values));
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      fields[typeof key === 'string' ? key : '_'] ??= issue.message;
    }
  }
  if (values.licence_date && values.gpp_expiry && values.gpp_expiry < values.licence_date)
    fields.gpp_expiry ??= 'Ngày hết hạn GPP/GDP phải sau ngày cấp giấy chứng nhận';
  return fields;
}

/** The kinds the licence dialog offers: the contract's, and a stored kind it no longer lists (the office form does the same). */
export function kindChoices(stored: string): string[] {
  return CUSTOMER_KINDS.includes(stored as CustomerKind) ? [...CUSTOMER_KINDS] : [...CUSTOMER_KINDS, stored];
}

/**
 * The kind the `customer.licence` op carries: only one the person changed. A dialog left on the kind it
 * opened with sends none, so saving the papers never puts back a kind the office changed meanwhile.
 */
export function kindToSend(stored: string, chosen: string): CustomerKind | undefined {
  return chosen !== stored && CUSTOMER_KINDS.includes(chosen as CustomerKind) ? (chosen as CustomerKind) : undefined;
}

/** Kinds whose papers the forms ask for: every kind that buys medicines as a licensed business or clinic. */
export function holdsDrugLicence(kind: string): boolean {
  return buyerClass(kind) !== 'other';
}

/** How the GPP/GDP certificate stands, in words (never a colour alone: the badge says it). */
export type GppStanding = { state: LicenceState | 'no_expiry'; label: string; color: string };

export function gppStanding(licence: Pick<CustomerLicence, 'licence_number' | 'gpp_expiry'>, today: string): GppStanding {
  const state = licenceState(licence, today);
  if (state === 'missing') return { state, label: 'Chưa có giấy phép', color: 'gray' };
  if (!licence.gpp_expiry) return { state: 'no_expiry', label: 'Chưa có ngày hết hạn GPP/GDP', color: 'gray' };
  if (state === 'expired') return { state, label: 'Đã hết hạn', color: 'red' };
  if (state === 'expiring') return { state, label: `Sắp hết hạn trong ${LICENCE_EXPIRING_DAYS} ngày`, color: 'orange' };
  return { state, label: 'Còn hạn', color: 'green' };
}

/** Days left until the certificate expires (negative once expired), or null without an expiry. */
export function daysLeft(gppExpiry: string | null, today: string): number | null {
  return gppExpiry ? daysBetween(today, gppExpiry) : null;
}
