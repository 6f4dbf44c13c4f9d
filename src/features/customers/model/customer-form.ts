/**
 * The customer form's values as a person edits them (strings for text inputs, ids as strings for
 * the selects), the rules each field runs on blur (product-spec.md §5), and the mapping to and from the
 * contract's customer fields. The contract schema stays the judge: the form only catches early
 * what it would refuse, with the same Vietnamese messages.
 */
import * as v from 'valibot';
import { EMPTY_ADDRESS, type Address } from '@contract/address';
import {
  customerFields,
  CUSTOMER_KINDS,
  isDrugBusiness,
  type CustomerKind,
  type CustomerRecord,
  type CustomerStatus,
} from '@contract/customers';
import { consentRefusal, isPersonKind, privacyOf, type ConsentMethod } from '@contract/customers-privacy';
import { maxLength, phone, required, type Rule } from '@/ui/input-rules';
import type { NewCustomerInput } from './create-customer';
import { checkLicenceInput, EMPTY_LICENCE, licenceFormFrom, licenceFormToInput, type LicenceFormValues } from './licence-form';

export type CustomerFormValues = {
  code: string;
  name: string;
  kind: string;
  phone: string;
  tax_code: string;
  owner_name: string;
  address: Address;
  /** Select values are strings; '' means none. */
  staff_id: string;
  customer_type_id: string;
  level_id: string;
  status: CustomerStatus;
  lat: number | null;
  lng: number | null;
  note: string;
  /**
   * Holds a drug-business licence (may be promoted medicines); null while the person has not said,
   * which follows the kind (pharmacies and drug counters do: isDrugBusiness).
   */
  drug_business: boolean | null;
  /** The licence papers (model/licence-form.ts), asked for when the kind buys medicines. */
  licence: LicenceFormValues;
  /** A household business or person; null follows the kind (isPersonKind), as drug_business does. */
  person: boolean | null;
  /** The owner's consent, asked when a person's customer is created; never ticked in advance (noSilentConsent). */
  consent: { agreed: boolean; method: ConsentMethod | null };
};

export const CUSTOMER_NAME_REQUIRED = 'Vui lòng nhập tên khách hàng';
export const PHONE_INVALID = 'Số điện thoại không hợp lệ';
export const TAX_CODE_INVALID = 'Mã số thuế gồm 10 chữ số (hoặc 10 chữ số - 3 chữ số)';

const TAX_CODE = /^\d{10}(-\d{3})?$/;

export function taxCode(message = TAX_CODE_INVALID): Rule {
  return (value) => (value.trim() === '' || TAX_CODE.test(value.trim()) ? true : message);
}

/** Rules per text field, in the order they run. */
export const CUSTOMER_FORM_RULES = {
  name: [required(CUSTOMER_NAME_REQUIRED), maxLength(200, 'Tên khách hàng không được dài quá 200 ký tự')],
  code: [maxLength(40, 'Mã khách hàng quá dài')],
  phone: [phone(PHONE_INVALID)],
  tax_code: [taxCode()],
  owner_name: [maxLength(120, 'Tên chủ cửa hàng không được dài quá 120 ký tự')],
} satisfies Record<string, Rule[]>;

export function emptyCustomerForm(staffId: number | null = null): CustomerFormValues {
  return {
    code: '',
    name: '',
    kind: CUSTOMER_KINDS[0],
    phone: '',
    tax_code: '',
    owner_name: '',
    address: EMPTY_ADDRESS,
    staff_id: staffId ? String(staffId) : '',
    customer_type_id: '',
    level_id: '',
    status: 'active',
    lat: null,
    lng: null,
    note: '',
    drug_business: null,
    licence: EMPTY_LICENCE,
    person: null,
    consent: { agreed: false, method: null },
  };
}

export function formFromRecord(record: CustomerRecord): CustomerFormValues {
  return {
    code: record.code,
    name: record.name,
    kind: record.kind,
    phone: record.phone ?? '',
    tax_code: record.tax_code ?? '',
    owner_name: record.owner_name ?? '',
    address: record.address ?? EMPTY_ADDRESS,
    staff_id: record.staff_id ? String(record.staff_id) : '',
    customer_type_id: record.customer_type_id ? String(record.customer_type_id) : '',
    level_id: record.level_id ? String(record.level_id) : '',
    status: record.status,
    lat: record.lat,
    lng: record.lng,
    note: record.note ?? '',
    // The kind's default stays a default: changing the kind then changes it too.
    drug_business: record.drug_business === drugBusinessOf({ kind: record.kind, drug_business: null }) ? null : record.drug_business,
    licence: licenceFormFrom(record),
    person: privacyOf(record).person === isPersonKind(record.kind as CustomerKind) ? null : privacyOf(record).person,
    consent: { agreed: false, method: null },
  };
}

/** Whether the form's customer is a person: what the person chose, else the kind's default. */
export function personOf(values: Pick<CustomerFormValues, 'kind' | 'person'>): boolean {
  return values.person ?? isPersonKind(values.kind as CustomerKind);
}

/** The licence the form shows: what the person chose, else the kind's default. */
export function drugBusinessOf(values: Pick<CustomerFormValues, 'kind' | 'drug_business'>): boolean {
  return isDrugBusiness({ kind: values.kind as CustomerKind, drug_business: values.drug_business ?? undefined });
}

/** `+84 912.345.678` → `0912345678`: the one form the server stores and searches. */
export function normalizePhone(text: string): string {
  const compact = text.replace(/[\s.-]/g, '');
  if (/^\+?84\d{9,10}$/.test(compact)) return `0${compact.replace(/^\+?84/, '')}`;
  return compact;
}

const idOrNull = (value: string): number | null => (value ? Number(value) : null);
const textOrNull = (value: string): string | null => (value.trim() ? value.trim() : null);

/** What the form sends: create (through the outbox) and edit (PUT) take the same fields. */
export function formToInput(values: CustomerFormValues): NewCustomerInput {
  return {
    code: textOrNull(values.code),
    name: values.name.trim(),
    kind: values.kind as NewCustomerInput['kind'],
    phone: textOrNull(normalizePhone(values.phone)),
    tax_code: textOrNull(values.tax_code),
    owner_name: textOrNull(values.owner_name),
    address: { ...values.address, street: textOrNull(values.address.street ?? '') },
    staff_id: idOrNull(values.staff_id),
    customer_type_id: idOrNull(values.customer_type_id),
    level_id: idOrNull(values.level_id),
    status: values.status,
    lat: values.lat,
    lng: values.lng,
    note: textOrNull(values.note),
    // Always said: an edit without it would put the kind's default back.
    drug_business: drugBusinessOf(values),
    person: personOf(values),
    consent: values.consent.agreed && values.consent.method ? { method: values.consent.method, given_at: new Date().toISOString() } : null,
    ...licenceFormToInput(values.licence),
  };
}

const FormInputSchema = v.object(customerFields);

/**
 * The contract's verdict on the form, as `{ field: message }` (empty when it passes): what the
 * per-field rules do not cover (kind, ids, coordinates, the address) is caught here before saving;
 * when `creating`, the owner's consent too (contract/customers-privacy.ts consentOnCreate).
 */
export function checkCustomerInput(values: CustomerFormValues, creating = false): Record<string, string> {
  // The licence's own check first: it also knows that a certificate cannot expire before its issue.
  const fields: Record<string, string> = { ...checkLicenceInput(values.licence) };
  const input = formToInput(values);
  const refusal = creating ? consentRefusal(input) : null;
  if (refusal) fields.consent = values.consent.agreed ? 'Chọn cách chủ cửa hàng đồng ý' : refusal;
  const parsed = v.safeParse(FormInputSchema, input);
  if (parsed.success) return fields;
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key;
    const name = typeof key === 'string' ? key : '_';
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Whether two sets of values differ in anything a person would lose by leaving. */
export function sameCustomerForm(a: CustomerFormValues, b: CustomerFormValues): boolean {
  return stableJson(a) === stableJson(b);
}

/** JSON with keys sorted, so an address rebuilt by a picker in another key order still compares equal. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => x.localeCompare(y)))
      : inner,
  );
}
