/** Customers as records: the row-to-wire mapping, loading for sync, and creating one. */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Address } from '@contract/address';
import {
  isDrugBusiness,
  type CustomerCreatePayload,
  type CustomerLicence,
  type CustomerRecord,
  type CustomerStatus,
} from '@contract/customers';
import { CONSENT_NOTICE, isPersonKind, type ConsentMethod, type CustomerPrivacy, type PrivacyEventKind } from '@contract/customers-privacy';
import { fold } from '@contract/fold';
import type { Db } from '@server/kernel/db/client';
import { accounts, customerPrivacyEvents, customers } from '@server/kernel/db/schema';
import { formatCode, nextCounter } from '@server/kernel/counters';

type CustomerRow = typeof customers.$inferSelect;
type CustomerFields = Omit<CustomerCreatePayload, 'id'>;

export function addressOf(row: CustomerRow): Address {
  return {
    scheme: row.addressScheme === 'VN_LEGACY' ? 'VN_LEGACY' : 'VN2025',
    province_code: row.provinceCode,
    province_name: row.provinceName,
    district_code: row.districtCode,
    district_name: row.districtName,
    ward_code: row.wardCode,
    ward_name: row.wardName,
    street: row.street,
  };
}

export function privacyOf(row: CustomerRow): CustomerPrivacy {
  return {
    person: row.person,
    consent_at: row.consentAt?.toISOString() ?? null,
    consent_method: row.consentAt ? (row.consentMethod as ConsentMethod) : null,
    erased_at: row.erasedAt?.toISOString() ?? null,
  };
}

export function toCustomerRecord(row: CustomerRow, staffName: string | null): CustomerRecord {
  return {
    id: row.id,
    company: row.companyId,
    code: row.code,
    name: row.name,
    kind: row.kind,
    phone: row.phone,
    tax_code: row.taxCode,
    owner_name: row.ownerName,
    address: addressOf(row),
    staff_id: row.staffId,
    staff_name: staffName,
    customer_type_id: row.customerTypeId,
    level_id: row.levelId,
    status: row.status as CustomerStatus,
    lat: row.lat,
    lng: row.lng,
    note: row.note,
    drug_business: row.drugBusiness,
    privacy: privacyOf(row),
    licence_number: row.licenceNumber,
    licence_issuer: row.licenceIssuer,
    licence_date: row.licenceDate,
    controlled_scope: row.controlledScope,
    gpp_number: row.gppNumber,
    gpp_expiry: row.gppExpiry,
    licence_scan: row.licenceScan,
    outlet_code: row.outletCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Customers by id; `scope` (the reader's data scope, null for all) leaves out the others. */
export async function loadCustomerRecords(
  db: Db,
  companyId: number,
  ids: string[],
  scope: SQL | null = null,
): Promise<Map<string, CustomerRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ customer: customers, staffName: accounts.fullName })
    .from(customers)
    .leftJoin(accounts, eq(accounts.id, customers.staffId))
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids), scope ?? undefined));
  return new Map(rows.map(({ customer, staffName }) => [customer.id, toCustomerRecord(customer, staffName)]));
}

export function customerSearchText(input: {
  code: string;
  name: string;
  phone: string | null;
  owner_name: string | null;
  tax_code: string | null;
}) {
  return fold([input.code, input.name, input.phone, input.owner_name, input.tax_code].filter(Boolean).join(' '));
}

/** The company's next free KH number; codes people typed by hand are skipped over. */
async function nextCustomerCode(tx: Db, companyId: number): Promise<string> {
  for (;;) {
    const code = formatCode('KH', await nextCounter(tx, companyId, 'customer'));
    const [taken] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.code, code)));
    if (!taken) return code;
  }
}

type LicenceInput = Omit<CustomerLicence, 'licence_scan'>;

/**
 * The licence columns of a form, an import row or the `customer.licence` op (blank text stored as
 * null). The scan is not among them: it is attached by its own upload (customer-licence-scan.ts), so
 * a form opened before an upload cannot clear it on save.
 */
export function licenceColumns(input: LicenceInput) {
  const text = (value: string | null) => (value && value.trim() ? value.trim() : null);
  return {
    licenceNumber: text(input.licence_number),
    licenceIssuer: text(input.licence_issuer),
    licenceDate: input.licence_date,
    controlledScope: input.controlled_scope,
    gppNumber: text(input.gpp_number),
    gppExpiry: input.gpp_expiry,
    outletCode: text(input.outlet_code),
  };
}

/** The columns a customer's fields fill (code decided by the caller), for an insert and an update alike. */
export function customerColumns(code: string, input: CustomerFields) {
  const address = input.address;
  return {
    code,
    name: input.name,
    kind: input.kind,
    phone: input.phone || null,
    taxCode: input.tax_code || null,
    ownerName: input.owner_name,
    addressScheme: address?.scheme ?? 'VN2025',
    provinceCode: address?.province_code ?? null,
    provinceName: address?.province_name ?? null,
    districtCode: address?.district_code ?? null,
    districtName: address?.district_name ?? null,
    wardCode: address?.ward_code ?? null,
    wardName: address?.ward_name ?? null,
    street: address?.street ?? null,
    staffId: input.staff_id,
    customerTypeId: input.customer_type_id,
    levelId: input.level_id,
    status: input.status,
    lat: input.lat,
    lng: input.lng,
    note: input.note,
    drugBusiness: isDrugBusiness(input),
    // An edit or a sheet row that does not say keeps what is stored (insertCustomer takes the kind's default).
    ...(input.person === undefined ? {} : { person: input.person }),
    ...licenceColumns(input),
    searchText: customerSearchText({ code, name: input.name, phone: input.phone, owner_name: input.owner_name, tax_code: input.tax_code }),
  };
}

/**
 * Inserts a customer; a missing code gets the company's next KH number. Consent given in the form
 * is stored with the customer and written to its personal-data log with the notice's version.
 */
export async function insertCustomer(tx: Db, companyId: number, createdBy: number, input: CustomerCreatePayload): Promise<CustomerRow> {
  const code = input.code?.trim() || (await nextCustomerCode(tx, companyId));
  const consent = input.consent ?? null;
  // A phone's clock may run ahead; consent is never dated after the server received it.
  const consentAt = consent ? new Date(Math.min(Date.parse(consent.given_at), Date.now())) : null;
  const [row] = await tx
    .insert(customers)
    .values({
      id: input.id,
      companyId,
      ...customerColumns(code, input),
      person: input.person ?? isPersonKind(input.kind),
      consentAt,
      consentMethod: consent?.method ?? null,
      createdBy,
    })
    .returning();
  if (!row) throw new Error('customer insert returned no row');
  if (consent && consentAt)
    await logPrivacyEvent(tx, { companyId, customerId: row.id, accountId: createdBy }, 'consent', {
      method: consent.method,
      at: consentAt,
    });
  return row;
}

export type PrivacyWhere = { companyId: number; customerId: string; accountId: number };

/** One line of the customer's personal-data log (customer_privacy_events); a consent carries the notice's version. */
export async function logPrivacyEvent(
  tx: Db,
  where: PrivacyWhere,
  kind: PrivacyEventKind,
  extra: { method?: ConsentMethod; receivedOn?: string; note?: string | null; at?: Date } = {},
): Promise<void> {
  await tx.insert(customerPrivacyEvents).values({
    companyId: where.companyId,
    customerId: where.customerId,
    kind,
    method: extra.method ?? null,
    noticeVersion: kind === 'consent' ? CONSENT_NOTICE.version : null,
    note: extra.note ?? null,
    receivedOn: extra.receivedOn ?? null,
    accountId: where.accountId,
    ...(extra.at ? { at: extra.at } : {}),
  });
}
