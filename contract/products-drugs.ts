/**
 * The drug master of a product that is a medicine (docs/pharma.md "The drug master"): what the product form and the
 * Excel sheet send, what records carry, the product list's filters on it, and when a registration
 * counts as expired or running out. The classes and storage conditions are contract/pharma.ts's.
 */
import * as v from 'valibot';
import { addDays } from './calendar-days';
import { CONTROLLED_CLASSES, STORAGE_CONDITIONS, type ControlledClass, type StorageCondition } from './pharma';
import { optionalDay, optionalText } from './validation';

/** The drug master's fields (contract/pharma.ts checks a sale against them; docs/pharma.md). */
export type DrugMaster = {
  registration_expiry: string | null;
  prescription: boolean;
  essential: boolean;
  controlled_class: ControlledClass;
  storage: StorageCondition;
  national_code: string | null;
};

/** A product's drug master when nothing is said of it: not prescription, not controlled, stored normally. */
export const DRUG_MASTER_DEFAULTS: DrugMaster = {
  registration_expiry: null,
  prescription: false,
  essential: false,
  controlled_class: 'none',
  storage: 'normal',
  national_code: null,
};

/** The drug master as the product form and the Excel import send it. */
export const drugMasterFields = {
  registration_expiry: optionalDay('Ngày hết hạn số đăng ký'),
  prescription: v.optional(v.boolean('Thuốc kê đơn không hợp lệ'), DRUG_MASTER_DEFAULTS.prescription),
  essential: v.optional(v.boolean('Danh mục thuốc thiết yếu không hợp lệ'), DRUG_MASTER_DEFAULTS.essential),
  controlled_class: v.optional(v.picklist(CONTROLLED_CLASSES, 'Nhóm thuốc kiểm soát không hợp lệ'), DRUG_MASTER_DEFAULTS.controlled_class),
  storage: v.optional(v.picklist(STORAGE_CONDITIONS, 'Điều kiện bảo quản không hợp lệ'), DRUG_MASTER_DEFAULTS.storage),
  national_code: optionalText('mã thuốc quốc gia', 40),
};

/**
 * How far ahead the list's "sắp hết hạn" filter looks: renewing a registration takes months
 * (the office needs the quarter to file it or sell the stock down).
 */
export const REGISTRATION_NOTICE_DAYS = 90;

export const REGISTRATION_STATES = ['expired', 'expiring'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];
export const REGISTRATION_STATE_LABELS: Record<RegistrationState, string> = {
  expired: 'Số đăng ký đã hết hạn',
  expiring: `Số đăng ký sắp hết hạn (${REGISTRATION_NOTICE_DAYS} ngày)`,
};

/** Where a registration stands on `today`: expired (the day before today or earlier), expiring within the notice, or null. */
export function registrationState(expiry: string | null | undefined, today: string): RegistrationState | null {
  if (!expiry) return null;
  if (expiry < today) return 'expired';
  return expiry <= addDays(today, REGISTRATION_NOTICE_DAYS) ? 'expiring' : null;
}

/** The product and variant lists' filters on the drug master (query strings, so texts). */
export const drugFilterFields = {
  prescription: v.optional(v.picklist(['true', 'false'], 'Bộ lọc thuốc kê đơn không hợp lệ')),
  controlled_class: v.optional(v.picklist(CONTROLLED_CLASSES, 'Nhóm thuốc kiểm soát không hợp lệ')),
  storage: v.optional(v.picklist(STORAGE_CONDITIONS, 'Điều kiện bảo quản không hợp lệ')),
  registration: v.optional(v.picklist(REGISTRATION_STATES, 'Bộ lọc số đăng ký không hợp lệ')),
};
