/**
 * Selling medicines as the law lets a wholesaler (docs/pharma.md): who may buy which drug, the customer's
 * licence and certificate, the drug master's classes, and the company's choice per rule (block, warn,
 * allow). The phone runs these checks on the cart before the rep sends and the server runs the same
 * ones when the order arrives, so both give the same reason. Each rule's legal text: docs/pharma.md.
 */
import * as v from 'valibot';
import { isDrugBusiness, type CustomerKind } from './customers';
import { RULE_MODES, type RuleMode } from './rule-modes';
import { defineSyncDomain } from './sync';
import { bodyObject, companyBodyField, companyQueryField } from './validation';

// ---- who buys ------------------------------------------------------------------------------------

/** The buyer's kind of drug business, as its licence states it (Luật Dược 2016 Điều 32, 47–49). */
export const BUYER_CLASSES = ['pharmacy', 'counter', 'station', 'wholesaler', 'clinic', 'other'] as const;
export type BuyerClass = (typeof BUYER_CLASSES)[number];
export const BUYER_CLASS_LABELS: Record<BuyerClass, string> = {
  pharmacy: 'Nhà thuốc',
  counter: 'Quầy thuốc',
  station: 'Tủ thuốc trạm y tế',
  wholesaler: 'Cơ sở bán buôn thuốc',
  clinic: 'Cơ sở khám, chữa bệnh',
  other: 'Không kinh doanh dược',
};

/** A customer's kind (contract/customers.ts CUSTOMER_KINDS) read as a buyer class. */
const KIND_CLASSES: Record<string, BuyerClass> = {
  'Nhà thuốc': 'pharmacy',
  'Quầy thuốc': 'counter',
  'Tủ thuốc trạm y tế': 'station',
  'Cơ sở bán buôn': 'wholesaler',
  'Phòng khám': 'clinic',
  'Bệnh viện': 'clinic',
};
export function buyerClass(kind: string): BuyerClass {
  return KIND_CLASSES[kind] ?? 'other';
}

/**
 * A customer's drug-business flag (isDrugBusiness) once its kind changes outside the office form (the
 * licence dialog's `customer.licence` op): the old kind's default follows the new kind, as the form's
 * does, so a quầy thuốc turned cửa hàng loses its medicine promotions; a flag someone set by hand stays.
 */
export function drugBusinessAfterKind(record: { kind: string; drug_business: boolean }, kind: CustomerKind): boolean {
  const wasDefault = record.drug_business === isDrugBusiness({ kind: record.kind as CustomerKind });
  return wasDefault ? isDrugBusiness({ kind }) : record.drug_business;
}

// ---- what is sold --------------------------------------------------------------------------------

/** Drugs under special control (TT 20/2017/TT-BYT) and the restricted-retail list (TT 07/2017/TT-BYT). */
export const CONTROLLED_CLASSES = ['none', 'addictive', 'psychotropic', 'precursor', 'restricted'] as const;
export type ControlledClass = (typeof CONTROLLED_CLASSES)[number];
export const CONTROLLED_CLASS_LABELS: Record<ControlledClass, string> = {
  none: 'Không',
  addictive: 'Thuốc gây nghiện',
  psychotropic: 'Thuốc hướng thần',
  precursor: 'Thuốc tiền chất',
  restricted: 'Hạn chế bán lẻ',
};

/** Storage conditions as GPP/GSP name them (docs/pharma.md "Cold items"). */
export const STORAGE_CONDITIONS = ['normal', 'cool', 'cold', 'frozen'] as const;
export type StorageCondition = (typeof STORAGE_CONDITIONS)[number];
export const STORAGE_LABELS: Record<StorageCondition, string> = {
  normal: 'Thường (dưới 30 °C)',
  cool: 'Mát (8–15 °C)',
  cold: 'Lạnh (2–8 °C)',
  frozen: 'Đông lạnh (dưới −10 °C)',
};
/** Goods an ordinary parcel service may not carry. */
export function isColdStorage(storage: StorageCondition | null | undefined): boolean {
  return storage === 'cold' || storage === 'frozen';
}

/** The drug master's facts a sale depends on; a product that is not a medicine has none of them. */
export type DrugFacts = {
  is_medicine: boolean;
  prescription: boolean;
  essential: boolean;
  controlled_class: ControlledClass;
  registration_number: string | null;
  registration_expiry: string | null;
};

/**
 * The facts of a catalogue record, with the defaults of a drug the master says nothing about: a phone
 * may hold variants mirrored before the drug master existed (contract/products.ts DrugMaster).
 */
export function drugFactsOf(record: { is_medicine: boolean; registration_number: string | null } & Partial<DrugFacts>): DrugFacts {
  return {
    is_medicine: record.is_medicine,
    prescription: record.prescription ?? false,
    essential: record.essential ?? false,
    controlled_class: record.controlled_class ?? 'none',
    registration_number: record.registration_number,
    registration_expiry: record.registration_expiry ?? null,
  };
}

/** The licence of a customer record, with the defaults of one mirrored before licences existed. */
export function buyerLicenceOf(record: { kind: string } & Partial<BuyerLicence>): BuyerLicence {
  return {
    kind: record.kind,
    licence_number: record.licence_number ?? null,
    gpp_expiry: record.gpp_expiry ?? null,
    controlled_scope: record.controlled_scope ?? false,
  };
}

/** The rows of the rules table: what kind of drug a line is, for the buyer's licence. */
export const DRUG_CATEGORIES = ['otc', 'rx_essential', 'rx_other', 'controlled', 'restricted'] as const;
export type DrugCategory = (typeof DRUG_CATEGORIES)[number];
export const DRUG_CATEGORY_LABELS: Record<DrugCategory, string> = {
  otc: 'thuốc không kê đơn',
  rx_essential: 'thuốc kê đơn thuộc danh mục thuốc thiết yếu',
  rx_other: 'thuốc kê đơn ngoài danh mục thuốc thiết yếu',
  controlled: 'thuốc phải kiểm soát đặc biệt',
  restricted: 'thuốc thuộc danh mục hạn chế bán lẻ',
};

export function drugCategory(drug: Pick<DrugFacts, 'prescription' | 'essential' | 'controlled_class'>): DrugCategory {
  if (drug.controlled_class === 'restricted') return 'restricted';
  if (drug.controlled_class !== 'none') return 'controlled';
  if (!drug.prescription) return 'otc';
  return drug.essential ? 'rx_essential' : 'rx_other';
}

/**
 * Whether a buyer class may buy a drug category: `yes`, `scope` (only when its licence covers drugs
 * under special control or the restricted list) or `no`. Sources per class: docs/pharma.md.
 * A buyer of class `other` holds no drug licence: the licence rule, not this table, answers for it.
 */
export type ClassVerdict = 'yes' | 'scope' | 'no';
export const BUYER_RULES: Record<Exclude<BuyerClass, 'other'>, { source: string; allows: Record<DrugCategory, ClassVerdict> }> = {
  pharmacy: {
    source: 'Luật Dược 2016 Điều 47, Điều 34',
    allows: { otc: 'yes', rx_essential: 'yes', rx_other: 'yes', controlled: 'scope', restricted: 'scope' },
  },
  counter: {
    source: 'Luật Dược 2016 Điều 48 khoản 1, Điều 34',
    allows: { otc: 'yes', rx_essential: 'yes', rx_other: 'no', controlled: 'scope', restricted: 'scope' },
  },
  station: {
    source: 'Luật Dược 2016 Điều 49 khoản 1, Điều 34',
    allows: { otc: 'yes', rx_essential: 'yes', rx_other: 'no', controlled: 'scope', restricted: 'scope' },
  },
  wholesaler: {
    source: 'Luật Dược 2016 Điều 42, Điều 34',
    allows: { otc: 'yes', rx_essential: 'yes', rx_other: 'yes', controlled: 'scope', restricted: 'yes' },
  },
  clinic: {
    source: 'Luật Dược 2016 Điều 42 khoản 1 điểm b, Điều 34',
    allows: { otc: 'yes', rx_essential: 'yes', rx_other: 'yes', controlled: 'scope', restricted: 'yes' },
  },
};

// ---- the customer's papers -----------------------------------------------------------------------

/** What a customer record holds of its licence (contract/customers.ts). */
export type BuyerLicence = {
  kind: string;
  licence_number: string | null;
  gpp_expiry: string | null;
  controlled_scope: boolean;
};

/** GPP certificates run three years from issue (docs/pharma.md "Licences"). */
export const GPP_YEARS = 3;

// ---- the company's choices -----------------------------------------------------------------------

export const PHARMA_RULES = ['licence', 'drug_class', 'registration'] as const;
export type PharmaRule = (typeof PHARMA_RULES)[number];
export const PHARMA_RULE_LABELS: Record<PharmaRule, string> = {
  licence: 'Bán thuốc cho khách chưa có giấy phép hoặc giấy chứng nhận GPP/GDP đã hết hạn',
  drug_class: 'Bán loại thuốc mà giấy phép của khách không cho phép',
  registration: 'Bán thuốc có số đăng ký lưu hành đã hết hạn',
};

export type PharmaSettings = {
  licence_rule: RuleMode;
  drug_class_rule: RuleMode;
  registration_rule: RuleMode;
  /** Days before a certificate expires that the office list and the rep's notice start. */
  expiry_notice_days: number;
};
/** The settings as the phones mirror them, one record per company. */
export type PharmaSettingsRecord = PharmaSettings & { company: number };

/** Rules whose breach the law plainly forbids block; the two that depend on papers being kept up to date warn (docs/pharma.md). */
export const DEFAULT_PHARMA_SETTINGS: PharmaSettings = {
  licence_rule: 'warn',
  drug_class_rule: 'block',
  registration_rule: 'warn',
  expiry_notice_days: 30,
};

export const PharmaSettingsSchema = bodyObject({
  company: companyBodyField,
  licence_rule: v.picklist(RULE_MODES, 'Cách xử lý không hợp lệ'),
  drug_class_rule: v.picklist(RULE_MODES, 'Cách xử lý không hợp lệ'),
  registration_rule: v.picklist(RULE_MODES, 'Cách xử lý không hợp lệ'),
  expiry_notice_days: v.pipe(
    v.number('Số ngày báo trước phải là số'),
    v.integer('Số ngày báo trước phải là số nguyên'),
    v.minValue(1, 'Số ngày báo trước phải từ 1 đến 180'),
    v.maxValue(180, 'Số ngày báo trước phải từ 1 đến 180'),
  ),
});

// ---- the checks ----------------------------------------------------------------------------------

export type SaleFinding = { rule: PharmaRule; reason: string };
export type LineCheck = { blocks: SaleFinding[]; warnings: SaleFinding[] };

const dayText = (day: string) => day.split('-').reverse().join('/');

/** Why this buyer may not buy medicines at all, or null: no drug licence on file, or its certificate lapsed. */
export function licenceFinding(buyer: BuyerLicence, today: string): string | null {
  const klass = buyerClass(buyer.kind);
  if (klass === 'other')
    return `${buyer.kind || 'Khách hàng'} không phải cơ sở kinh doanh dược hoặc khám, chữa bệnh (Luật Dược 2016 Điều 42)`;
  if (!buyer.licence_number?.trim()) {
    return klass === 'clinic'
      ? 'Chưa có số giấy phép hoạt động khám, chữa bệnh của khách hàng'
      : 'Chưa có số giấy chứng nhận đủ điều kiện kinh doanh dược của khách hàng';
  }
  if (buyer.gpp_expiry && buyer.gpp_expiry < today)
    return `Giấy chứng nhận GPP/GDP của khách hàng hết hạn ngày ${dayText(buyer.gpp_expiry)}`;
  return null;
}

/** Why this buyer's licence does not cover this drug, or null. */
export function drugClassFinding(buyer: BuyerLicence, drug: DrugFacts): string | null {
  const klass = buyerClass(buyer.kind);
  if (klass === 'other') return null;
  const category = drugCategory(drug);
  const rule = BUYER_RULES[klass];
  const verdict = rule.allows[category];
  if (verdict === 'yes' || (verdict === 'scope' && buyer.controlled_scope)) return null;
  const who = BUYER_CLASS_LABELS[klass];
  return verdict === 'scope'
    ? `${who} chưa được phép mua ${DRUG_CATEGORY_LABELS[category]} (giấy phép không có phạm vi này; ${rule.source})`
    : `${who} không được mua ${DRUG_CATEGORY_LABELS[category]} (${rule.source})`;
}

/** Why the drug's registration no longer lets it be sold, or null. */
export function registrationFinding(drug: DrugFacts, today: string): string | null {
  if (!drug.registration_expiry || drug.registration_expiry >= today) return null;
  return `Số đăng ký ${drug.registration_number ?? ''} hết hạn ngày ${dayText(drug.registration_expiry)}`.replace('  ', ' ');
}

/** Every rule for one line: what the company blocks and what it only warns of. A non-medicine line passes. */
export function checkLine(buyer: BuyerLicence, drug: DrugFacts, settings: PharmaSettings, today: string): LineCheck {
  const out: LineCheck = { blocks: [], warnings: [] };
  if (!drug.is_medicine) return out;
  const found: [PharmaRule, RuleMode, string | null][] = [
    ['licence', settings.licence_rule, licenceFinding(buyer, today)],
    ['drug_class', settings.drug_class_rule, drugClassFinding(buyer, drug)],
    ['registration', settings.registration_rule, registrationFinding(drug, today)],
  ];
  for (const [rule, mode, reason] of found) {
    if (!reason || mode === 'allow') continue;
    (mode === 'block' ? out.blocks : out.warnings).push({ rule, reason });
  }
  return out;
}

/** The refusal the server gives and the cart shows: each blocked line with its first reason. */
export function pharmaRefusal(lines: { label: string; check: LineCheck }[]): string | null {
  const blocked = lines.filter((line) => line.check.blocks.length > 0);
  if (blocked.length === 0) return null;
  return `Không bán được: ${blocked.map((line) => `${line.label}: ${line.check.blocks[0]!.reason}`).join('; ')}.`;
}
export const PHARMA_REFUSED = 'PHARMA_RULE';

// ---- certificates running out --------------------------------------------------------------------

export type LicenceExpiryRow = {
  customer_id: string;
  customer_code: string;
  customer_name: string;
  kind: string;
  staff_id: number | null;
  staff_name: string | null;
  licence_number: string | null;
  gpp_number: string | null;
  gpp_expiry: string | null;
  /** Days from today; negative once expired, null when no licence is on file. */
  days_left: number | null;
};

export const LicenceExpiryQuery = v.object({
  company: companyQueryField,
  /** `expiring` (within the notice days), `expired`, or `missing` (a drug buyer without a licence number). */
  state: v.optional(v.picklist(['expiring', 'expired', 'missing'], 'Bộ lọc không hợp lệ'), 'expiring'),
});

export const pharmaPaths = {
  settings: '/pharma/api/settings/',
  licenceExpiry: '/pharma/api/licence-expiry/',
} as const;

/** What the phones pull: the company's rule settings, so the cart blocks and warns as the server will. */
export const pharmaSync = defineSyncDomain({
  name: 'pharma',
  entities: ['pharma_settings'],
  reads: {
    pharma_settings: {
      anyOf: [
        ['orders', 'create'],
        ['orders', 'view'],
        ['customers', 'view'],
      ],
    },
  },
  ops: {},
});
