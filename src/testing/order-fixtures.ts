/**
 * A small pharmacy catalogue for the order tests: two customers (a retail pharmacy of level Vàng
 * and a wholesale agent), a tablet sold by viên / vỉ / hộp with barcodes, a syrup, a price policy
 * for retail pharmacies of level Vàng. Only tests import this file.
 */
import { EMPTY_ADDRESS } from '@contract/address';
import { NO_LICENCE, type CustomerRecord } from '@contract/customers';
import type { PricePolicyRecord } from '@contract/price-policy';
import type { PromotionRecord } from '@contract/promotions';
import type { VariantRecord } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, LocalCustomer, LocalVariant, OutboxRow } from '@/db/app-db';
import { toLocalCustomer, toLocalVariant } from '@/db/local-records';
import { NO_PRIVACY } from '@contract/customers-privacy';

export const COMPANY = 4;
export const ACCOUNT = 9;
export const SELLER = { companyId: COMPANY, accountId: ACCOUNT, accountName: 'Lê Văn Trình', vatOn: true };

export const RETAIL_TYPE = {
  id: 1,
  company: COMPANY,
  title: 'Nhà thuốc',
  description: null,
  is_wholesale: false,
  updated_at: '2026-01-01T00:00:00Z',
};
export const WHOLESALE_TYPE = {
  id: 2,
  company: COMPANY,
  title: 'Đại lý cấp 1',
  description: null,
  is_wholesale: true,
  updated_at: '2026-01-01T00:00:00Z',
};
export const GOLD = { id: 3, company: COMPANY, title: 'Vàng', rank: 1, note: null, updated_at: '2026-01-01T00:00:00Z' };

export function customerRecord(patch: Partial<CustomerRecord>): CustomerRecord {
  return {
    id: uuidv7(),
    company: COMPANY,
    code: 'KH000001',
    name: 'Nhà thuốc',
    kind: 'Nhà thuốc',
    phone: null,
    tax_code: null,
    owner_name: null,
    address: { ...EMPTY_ADDRESS, street: '12 Lê Lợi', province_code: '79', province_name: 'Thành phố Hồ Chí Minh' },
    staff_id: ACCOUNT,
    staff_name: 'Lê Văn Trình',
    customer_type_id: null,
    level_id: null,
    status: 'active',
    lat: null,
    lng: null,
    note: null,
    drug_business: true,
    privacy: NO_PRIVACY,
    ...NO_LICENCE,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

export const RETAIL: LocalCustomer = toLocalCustomer(
  customerRecord({ code: 'KH000001', name: 'Nhà thuốc Minh Châu', phone: '0903111222', customer_type_id: 1, level_id: 3 }),
);
export const AGENT: LocalCustomer = toLocalCustomer(
  customerRecord({ code: 'KH000002', name: 'Đại lý Phúc An', phone: '0903333444', customer_type_id: 2 }),
);

export function variantRecord(patch: Partial<VariantRecord>): VariantRecord {
  return {
    id: 10,
    company: COMPANY,
    product_id: 100,
    product_code: 'SP001',
    product_name: 'Paracetamol 500mg',
    code: 'SP001-01',
    name: '',
    units: [],
    active_ingredient: 'Paracetamol',
    strength: '500mg',
    registration_number: null,
    manufacturer: 'Dược Hậu Giang',
    country: 'Việt Nam',
    brand_id: null,
    brand_name: null,
    category_id: null,
    category_name: null,
    group_id: null,
    group_name: null,
    vat_rate: 5,
    is_medicine: true,
    registration_expiry: null,
    prescription: false,
    essential: false,
    controlled_class: 'none',
    storage: 'normal',
    national_code: null,
    is_active: true,
    image_url: null,
    updated_at: '2026-01-01T00:00:00Z',
    ...patch,
  };
}

export const TABLET: LocalVariant = toLocalVariant(
  variantRecord({
    units: [
      { unit: 'viên', factor: 1, price: 2_000, wholesale_price: 1_700, barcode: null },
      { unit: 'vỉ', factor: 10, price: 19_000, wholesale_price: 16_000, barcode: '8930000000011' },
      { unit: 'hộp', factor: 100, price: 180_000, wholesale_price: null, barcode: '8930000000028' },
    ],
  }),
);
export const SYRUP: LocalVariant = toLocalVariant(
  variantRecord({
    id: 11,
    product_id: 101,
    product_code: 'SP002',
    product_name: 'Siro ho Bảo Thanh',
    code: 'SP002-01',
    active_ingredient: 'Xuyên bối mẫu',
    strength: null,
    vat_rate: 10,
    units: [{ unit: 'chai', factor: 1, price: 45_000, wholesale_price: 40_000, barcode: '8930000000035' }],
  }),
);

export const GOLD_POLICY: PricePolicyRecord = {
  id: 7,
  company: COMPANY,
  title: 'Nhà thuốc hạng Vàng',
  customer_type_id: 1,
  level_id: 3,
  discount_percent: 10,
  priority: 0,
  is_active: true,
  starts_on: null,
  ends_on: null,
  note: null,
  items: [{ variant_id: 10, unit: 'vỉ', price: 17_500 }],
  updated_at: '2026-01-01T00:00:00Z',
};

export const ALL_ON = { VAT: true, CSG: true, WHOLESALE: true } as const;

export async function seedCatalogue(db: AppDb): Promise<void> {
  await db.customerTypes.bulkPut([RETAIL_TYPE, WHOLESALE_TYPE]);
  await db.customerLevels.put(GOLD);
  await db.customers.bulkPut([RETAIL, AGENT]);
  await db.variants.bulkPut([TABLET, SYRUP]);
  await db.pricePolicies.put(GOLD_POLICY);
}

/** A customer made on this device, its customer.create op still queued. */
export async function seedPendingCustomer(db: AppDb): Promise<{ customer: LocalCustomer; opId: string }> {
  const customer = toLocalCustomer(customerRecord({ code: 'Chờ cấp mã', name: 'Nhà thuốc Mới Mở' }), 'pending');
  const op: OutboxRow = {
    opId: uuidv7(),
    companyId: COMPANY,
    accountId: ACCOUNT,
    type: 'customer.create',
    payload: { id: customer.id, name: customer.name },
    schemaVersion: 1,
    clientCreatedAt: new Date().toISOString(),
    dependsOn: [],
    entity: { type: 'customer', id: customer.id },
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    doneAt: null,
  };
  await db.customers.put(customer);
  await db.outbox.add(op);
  return { customer, opId: op.opId };
}

/** A running "buy 10 chai of syrup, get 1", as the pull mirrors it. */
export const SYRUP_BUY_TEN: PromotionRecord = {
  id: 21,
  company: COMPANY,
  code: 'KM000021',
  name: 'Mua 10 chai tặng 1',
  description: null,
  kind: 'buy_get',
  state: 'approved',
  status: 3,
  starts_on: '2026-11-01',
  ends_on: '2026-12-31',
  hours_from: null,
  hours_to: null,
  exclusive: false,
  priority: 0,
  variant_ids: [11],
  category_ids: [],
  brand_ids: [],
  customer_type_ids: [],
  level_ids: [],
  region_ids: [],
  province_codes: [],
  tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: null, gift_quantity: 1 }],
  cap_kind: 'quantity',
  cap_total: null,
  cap_per_customer: null,
  used_total: 0,
  order_count: 0,
  discount_given: 0,
  notice_ref: null,
  notice_date: null,
  reject_reason: null,
  created_by_name: null,
  approved_by_name: null,
  approved_at: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};
