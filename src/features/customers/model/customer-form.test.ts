import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS } from '@contract/address';
import { NO_LICENCE, type CustomerRecord } from '@contract/customers';
import { drugBusinessOf, emptyCustomerForm, formFromRecord, formToInput } from './customer-form';
import { NO_PRIVACY } from '@contract/customers-privacy';

const record = (overrides: Partial<CustomerRecord>): CustomerRecord => ({
  id: '0190a0b0-0000-7000-8000-000000000001',
  company: 4,
  code: 'KH000001',
  name: 'Nhà thuốc Minh Châu',
  kind: 'Nhà thuốc',
  phone: null,
  tax_code: null,
  owner_name: null,
  address: EMPTY_ADDRESS,
  staff_id: null,
  staff_name: null,
  customer_type_id: null,
  level_id: null,
  status: 'active',
  drug_business: true,
  privacy: NO_PRIVACY,
  ...NO_LICENCE,
  lat: null,
  lng: null,
  note: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

describe('the drug-business licence on the customer form', () => {
  it('follows the kind until the person says otherwise', () => {
    const values = emptyCustomerForm();
    expect(drugBusinessOf(values)).toBe(true);
    expect(drugBusinessOf({ ...values, kind: 'Phòng khám' })).toBe(false);
    expect(drugBusinessOf({ ...values, kind: 'Phòng khám', drug_business: true })).toBe(true);
    expect(drugBusinessOf({ ...values, kind: 'Quầy thuốc', drug_business: false })).toBe(false);
  });

  it('is always sent, so an edit never puts the kind’s default back', () => {
    expect(formToInput({ ...emptyCustomerForm(), name: 'Phòng khám Hòa Bình', kind: 'Phòng khám' }).drug_business).toBe(false);
    expect(formToInput({ ...emptyCustomerForm(), name: 'Đại lý', kind: 'Đại lý', drug_business: true }).drug_business).toBe(true);
  });

  it('reads a stored value that differs from the kind’s default as chosen, else as the default', () => {
    expect(formFromRecord(record({ kind: 'Nhà thuốc', drug_business: true })).drug_business).toBeNull();
    expect(formFromRecord(record({ kind: 'Nhà thuốc', drug_business: false })).drug_business).toBe(false);
    expect(formFromRecord(record({ kind: 'Phòng khám', drug_business: true })).drug_business).toBe(true);
  });
});
