import { describe, expect, it } from 'vitest';
import {
  BUYER_CLASSES,
  buyerClass,
  checkLine,
  DEFAULT_PHARMA_SETTINGS,
  drugBusinessAfterKind,
  drugCategory,
  drugFactsOf,
  licenceFinding,
  pharmaRefusal,
  registrationFinding,
  type BuyerClass,
  type BuyerLicence,
  type DrugCategory,
  type DrugFacts,
  type PharmaSettings,
} from './pharma';

const TODAY = '2026-12-02';
const KIND: Record<BuyerClass, string> = {
  pharmacy: 'Nhà thuốc',
  counter: 'Quầy thuốc',
  station: 'Tủ thuốc trạm y tế',
  wholesaler: 'Cơ sở bán buôn',
  clinic: 'Phòng khám',
  other: 'Cửa hàng',
};
const DRUG: Record<DrugCategory, DrugFacts> = {
  otc: drugFactsOf({ is_medicine: true, registration_number: 'VD-1-19' }),
  rx_essential: drugFactsOf({ is_medicine: true, registration_number: 'VD-2-19', prescription: true, essential: true }),
  rx_other: drugFactsOf({ is_medicine: true, registration_number: 'VN-3-19', prescription: true }),
  controlled: drugFactsOf({ is_medicine: true, registration_number: 'VD-4-19', prescription: true, controlled_class: 'psychotropic' }),
  restricted: drugFactsOf({ is_medicine: true, registration_number: 'VD-5-19', prescription: true, controlled_class: 'restricted' }),
};
const licensed = (klass: BuyerClass, scope = false): BuyerLicence => ({
  kind: KIND[klass],
  licence_number: 'GCN-01',
  gpp_expiry: '2027-06-30',
  controlled_scope: scope,
});
const blockAll: PharmaSettings = { licence_rule: 'block', drug_class_rule: 'block', registration_rule: 'block', expiry_notice_days: 30 };

/**
 * What the law lets each buyer buy, restated here from docs/pharma.md (not read from BUYER_RULES):
 * true = may, 'scope' = only with the special-control scope on its licence, false = may not.
 */
const LAW: Record<Exclude<BuyerClass, 'other'>, Record<DrugCategory, boolean | 'scope'>> = {
  // Luật Dược 2016 Điều 47: a pharmacy sells finished drugs; Điều 34: controlled and restricted ones need the scope.
  pharmacy: { otc: true, rx_essential: true, rx_other: true, controlled: 'scope', restricted: 'scope' },
  // Điều 48.1: a drug counter only the essential list and the non-prescription list.
  counter: { otc: true, rx_essential: true, rx_other: false, controlled: 'scope', restricted: 'scope' },
  // Điều 49.1: a commune station's cabinet only the essential list (and non-prescription drugs).
  station: { otc: true, rx_essential: true, rx_other: false, controlled: 'scope', restricted: 'scope' },
  // Điều 42: wholesalers and clinics buy every drug; controlled ones with the scope.
  wholesaler: { otc: true, rx_essential: true, rx_other: true, controlled: 'scope', restricted: true },
  clinic: { otc: true, rx_essential: true, rx_other: true, controlled: 'scope', restricted: true },
};

describe('the rules table, every buyer class × drug category', () => {
  for (const klass of BUYER_CLASSES.filter((c): c is Exclude<BuyerClass, 'other'> => c !== 'other')) {
    for (const category of Object.keys(DRUG) as DrugCategory[]) {
      const law = LAW[klass][category];
      it(`${KIND[klass]} buys ${category}: ${String(law)}`, () => {
        const without = checkLine(licensed(klass), DRUG[category], blockAll, TODAY);
        const withScope = checkLine(licensed(klass, true), DRUG[category], blockAll, TODAY);
        expect(without.blocks.length === 0).toBe(law === true);
        expect(withScope.blocks.length === 0).toBe(law !== false);
        if (law !== true) expect(without.blocks[0]!.rule).toBe('drug_class');
      });
    }
  }

  it('a buyer that is not a drug business buys no medicine, whatever its class, under the licence rule', () => {
    for (const category of Object.keys(DRUG) as DrugCategory[]) {
      const check = checkLine(licensed('other'), DRUG[category], blockAll, TODAY);
      expect(check.blocks.map((finding) => finding.rule)).toEqual(['licence']);
    }
  });

  it('goods that are not medicines pass every rule for every buyer', () => {
    const mask = drugFactsOf({ is_medicine: false, registration_number: null, prescription: true, registration_expiry: '2020-01-01' });
    for (const klass of BUYER_CLASSES)
      expect(checkLine({ ...licensed(klass), licence_number: null }, mask, blockAll, TODAY)).toEqual({ blocks: [], warnings: [] });
  });
});

describe('categories and kinds', () => {
  it('reads a drug as the table does', () => {
    expect(Object.entries(DRUG).map(([category, drug]) => [category, drugCategory(drug)])).toEqual(Object.keys(DRUG).map((c) => [c, c]));
  });
  it('reads customer kinds as buyer classes', () => {
    expect(buyerClass('Bệnh viện')).toBe('clinic');
    expect(buyerClass('Đại lý')).toBe('other');
    expect(buyerClass('Quầy thuốc')).toBe('counter');
  });
  it('moves the drug-business flag with a new kind while it is the old kind’s default, never one set by hand', () => {
    expect(drugBusinessAfterKind({ kind: 'Nhà thuốc', drug_business: true }, 'Cửa hàng')).toBe(false);
    expect(drugBusinessAfterKind({ kind: 'Cửa hàng', drug_business: false }, 'Quầy thuốc')).toBe(true);
    expect(drugBusinessAfterKind({ kind: 'Phòng khám', drug_business: true }, 'Bệnh viện')).toBe(true);
    expect(drugBusinessAfterKind({ kind: 'Nhà thuốc', drug_business: false }, 'Quầy thuốc')).toBe(false);
    expect(drugBusinessAfterKind({ kind: 'Nhà thuốc', drug_business: true }, 'Nhà thuốc')).toBe(true);
  });
  it('fills the defaults of a variant mirrored before the drug master existed: a non-prescription drug', () => {
    expect(drugCategory(drugFactsOf({ is_medicine: true, registration_number: null }))).toBe('otc');
  });
});

describe('licence and registration', () => {
  it('names a missing licence, a clinic by its operating licence', () => {
    expect(licenceFinding({ ...licensed('counter'), licence_number: ' ' }, TODAY)).toMatch(
      /Chưa có số giấy chứng nhận đủ điều kiện kinh doanh dược/,
    );
    expect(licenceFinding({ ...licensed('clinic'), licence_number: null }, TODAY)).toMatch(/giấy phép hoạt động khám, chữa bệnh/);
  });
  it('an expired certificate is named with its day; the last valid day still sells', () => {
    expect(licenceFinding({ ...licensed('pharmacy'), gpp_expiry: '2026-12-01' }, TODAY)).toBe(
      'Giấy chứng nhận GPP/GDP của khách hàng hết hạn ngày 01/12/2026',
    );
    expect(licenceFinding({ ...licensed('pharmacy'), gpp_expiry: TODAY }, TODAY)).toBeNull();
  });
  it('an expired registration is named with its number and day', () => {
    expect(registrationFinding({ ...DRUG.otc, registration_expiry: '2026-11-30' }, TODAY)).toBe(
      'Số đăng ký VD-1-19 hết hạn ngày 30/11/2026',
    );
    expect(registrationFinding({ ...DRUG.otc, registration_expiry: TODAY }, TODAY)).toBeNull();
  });
});

describe("the company's choice per rule", () => {
  const expiredCounter: BuyerLicence = { ...licensed('counter'), gpp_expiry: '2026-01-01' };
  const expiredDrug: DrugFacts = { ...DRUG.rx_other, registration_expiry: '2026-01-01' };

  it('defaults: the class rule blocks, licence and registration warn', () => {
    const check = checkLine(expiredCounter, expiredDrug, DEFAULT_PHARMA_SETTINGS, TODAY);
    expect(check.blocks.map((f) => f.rule)).toEqual(['drug_class']);
    expect(check.warnings.map((f) => f.rule)).toEqual(['licence', 'registration']);
  });
  it('allow drops the finding; block moves it to the blocks', () => {
    const check = checkLine(expiredCounter, expiredDrug, { ...blockAll, drug_class_rule: 'allow', registration_rule: 'warn' }, TODAY);
    expect(check.blocks.map((f) => f.rule)).toEqual(['licence']);
    expect(check.warnings.map((f) => f.rule)).toEqual(['registration']);
  });
  it('the refusal names each blocked line with its first reason', () => {
    const lines = [
      { label: 'Augmentin 625', check: checkLine(licensed('counter'), DRUG.rx_other, blockAll, TODAY) },
      { label: 'Panadol', check: checkLine(licensed('counter'), DRUG.otc, blockAll, TODAY) },
    ];
    expect(pharmaRefusal(lines)).toBe(
      'Không bán được: Augmentin 625: Quầy thuốc không được mua thuốc kê đơn ngoài danh mục thuốc thiết yếu (Luật Dược 2016 Điều 48 khoản 1, Điều 34).',
    );
    expect(pharmaRefusal(lines.slice(1))).toBeNull();
  });
});
