/**
 * Demo data of the pharma rules (docs/pharma.md): An Khang's customers with valid, soon
 * expiring, expired and missing papers (pharmacies and drug counters alike); its medicines classed
 * (prescription, the essential list, each class under special control, each storage condition) with
 * a few registrations expiring; so each rule shows on the phone and in the office. Whether a demo
 * drug is on the essential list or the restricted-retail list is illustrative.
 * Runs after the order history, so the history is the same as before the drug master existed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { ProductInputSchema } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { CONSENT_NOTICE } from '@contract/customers-privacy';
import { uuidv7 } from '@contract/uuid';
import {
  customerPrivacyEvents,
  customers,
  productCategories,
  productGroups,
  products,
  productUnits,
  variants,
} from '@server/kernel/db/schema';
import { customerSearchText } from '@server/modules/customers';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { saveProduct } from '@server/modules/products';

type Papers = { licence?: string; gppDaysLeft?: number | null; scope?: boolean; outlet?: string };

/** Per demo customer code: its papers (days left relative to the seeding day). */
const PAPERS: Record<string, Papers> = {
  KH000001: { licence: '0123/ĐKKDD-HCM', gppDaysLeft: 700, outlet: 'HCM-NT-00871' },
  KH000002: { licence: '0456/ĐKKDD-HCM', gppDaysLeft: 20, outlet: 'HCM-NT-01452' },
  KH000003: { licence: '0789/ĐKKDD-HCM', gppDaysLeft: 400, outlet: 'HCM-QT-00312' },
  KH000004: { licence: '01234/HCM-GPHĐ', gppDaysLeft: null, scope: true },
  KH000005: { licence: '0912/ĐKKDD-HCM', gppDaysLeft: -15, outlet: 'HCM-NT-02210' },
  KH000006: { licence: '00567/HNO-GPHĐ', gppDaysLeft: null, scope: true },
  // KH000007 (Nhà thuốc Cửa Nam): no licence on file yet.
  KH000009: { licence: '0345/ĐKKDD-HCM', gppDaysLeft: 5, outlet: 'HCM-NT-00099' },
  KH000010: { licence: '0821/ĐKKDD-HCM', gppDaysLeft: 12, outlet: 'HCM-QT-00455' },
  KH000011: { licence: '0764/ĐKKDD-HCM', gppDaysLeft: -30, outlet: 'HCM-QT-00517' },
};

/** Two more drug counters beside Quầy thuốc Đức Hạnh (valid): one whose certificate runs out soon, one expired. */
const COUNTERS = [
  {
    code: 'KH000010',
    name: 'Quầy thuốc Minh Tâm',
    phone: '0918444555',
    owner: 'Lê Minh Tâm',
    street: '88 Tản Đà',
    pin: [10.7531, 106.6633],
  },
  {
    code: 'KH000011',
    name: 'Quầy thuốc Hòa Hưng',
    phone: '0918444666',
    owner: 'Phan Thị Hưng',
    street: '15 Hùng Vương',
    pin: [10.7562, 106.6688],
  },
] as const;

/** Per demo product: the drug master beyond "prescription" (which follows its group). */
const DRUGS: Record<string, { essential?: boolean; registrationDaysLeft?: number; nationalCode: string }> = {
  'Amoxicillin 500mg': { essential: true, nationalCode: 'QG-0000471' },
  'Cefuroxim 500mg': { essential: false, nationalCode: 'QG-0000512' },
  'Omeprazol 20mg': { essential: true, nationalCode: 'QG-0001033' },
  'Nifedipin T20 Stada retard': { essential: true, nationalCode: 'QG-0001208' },
  'Amlodipin 5mg': { essential: true, nationalCode: 'QG-0001211' },
  'Metformin Stada 850mg': { essential: true, registrationDaysLeft: 60, nationalCode: 'QG-0001544' },
  'Hapacol 500': { nationalCode: 'QG-0000102' },
  'Panadol Extra': { nationalCode: 'QG-0000117' },
  Smecta: { nationalCode: 'QG-0000690' },
  'Berberin 100mg': { registrationDaysLeft: -40, nationalCode: 'QG-0000655' },
  'Siro ho Prospan': { nationalCode: 'QG-0000920' },
};

/**
 * Medicines the catalogue lacked: one of each class under special control and each storage condition
 * beyond normal (no stock: they show in the catalogue, its filters and the rules).
 */
const NEW_DRUGS = [
  {
    name: 'Mixtard 30 FlexPen',
    active_ingredient: 'Insulin người (30% hòa tan, 70% isophane)',
    strength: '100 IU/ml; 3 ml',
    registration_number: 'QLSP-0650-13',
    manufacturer: 'Novo Nordisk',
    country: 'Đan Mạch',
    storage: 'cold',
    essential: true,
    national_code: 'QG-0002071',
    units: [{ unit: 'bút', factor: 1, price: 145_000, wholesale_price: 138_000, barcode: null }],
  },
  {
    name: 'Seduxen 5mg',
    active_ingredient: 'Diazepam',
    strength: '5mg',
    registration_number: 'VN-18561-14',
    manufacturer: 'Gedeon Richter',
    country: 'Hungary',
    storage: 'normal',
    essential: true,
    controlled_class: 'psychotropic',
    national_code: 'QG-0001890',
    units: [
      { unit: 'viên', factor: 1, price: 600, wholesale_price: 550, barcode: null },
      { unit: 'hộp', factor: 100, price: 55_000, wholesale_price: 52_000, barcode: null },
    ],
  },
  {
    name: 'Morphin 10mg/ml',
    active_ingredient: 'Morphin hydroclorid',
    strength: '10mg/ml; 1 ml',
    registration_number: 'VD-25011-16',
    manufacturer: 'Vidipha',
    country: 'Việt Nam',
    storage: 'normal',
    essential: true,
    controlled_class: 'addictive',
    national_code: 'QG-0001902',
    units: [
      { unit: 'ống', factor: 1, price: 9_500, wholesale_price: 9_000, barcode: null },
      { unit: 'hộp', factor: 10, price: 92_000, wholesale_price: 88_000, barcode: null },
    ],
  },
  {
    name: 'Ephedrin Aguettant 30mg/ml',
    active_ingredient: 'Ephedrin hydroclorid',
    strength: '30mg/ml; 1 ml',
    registration_number: 'VN-20877-17',
    manufacturer: 'Laboratoire Aguettant',
    country: 'Pháp',
    storage: 'normal',
    essential: true,
    controlled_class: 'precursor',
    national_code: 'QG-0001917',
    units: [{ unit: 'ống', factor: 1, price: 38_000, wholesale_price: 36_000, barcode: null }],
  },
  {
    name: 'Colchicin 1mg',
    active_ingredient: 'Colchicin',
    strength: '1mg',
    registration_number: 'VD-28543-17',
    manufacturer: 'Traphaco',
    country: 'Việt Nam',
    storage: 'normal',
    essential: true,
    controlled_class: 'restricted',
    national_code: 'QG-0001955',
    units: [
      { unit: 'viên', factor: 1, price: 700, wholesale_price: 650, barcode: null },
      { unit: 'hộp', factor: 20, price: 13_500, wholesale_price: 12_800, barcode: null },
    ],
  },
  {
    name: 'Efferalgan 150mg viên đặt',
    active_ingredient: 'Paracetamol',
    strength: '150mg',
    registration_number: 'VN-19986-16',
    manufacturer: 'UPSA',
    country: 'Pháp',
    storage: 'cool',
    essential: true,
    national_code: 'QG-0002115',
    units: [
      { unit: 'viên', factor: 1, price: 3_200, wholesale_price: 3_000, barcode: null },
      { unit: 'hộp', factor: 10, price: 31_000, wholesale_price: 29_500, barcode: null },
    ],
  },
  {
    name: 'Vắc xin Varivax',
    active_ingredient: 'Vi rút thủy đậu sống giảm độc lực',
    strength: '1.350 PFU/0,5 ml',
    registration_number: 'QLVX-1022-17',
    manufacturer: 'Merck Sharp & Dohme',
    country: 'Hoa Kỳ',
    storage: 'frozen',
    essential: false,
    national_code: 'QG-0002203',
    units: [{ unit: 'lọ', factor: 1, price: 850_000, wholesale_price: 820_000, barcode: null }],
  },
] as const;

/** The counters, made like the demo's first one (region, type, level, staff, consent on paper), with no orders. */
async function seedCounters(tx: Db, companyId: number): Promise<void> {
  const [model] = await tx
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.code, 'KH000003')));
  if (!model) return;
  const rows = COUNTERS.map((counter) => ({
    ...model,
    id: uuidv7(),
    code: counter.code,
    name: counter.name,
    phone: counter.phone,
    ownerName: counter.owner,
    street: counter.street,
    lat: counter.pin[0],
    lng: counter.pin[1],
    searchText: customerSearchText({
      code: counter.code,
      name: counter.name,
      phone: counter.phone,
      owner_name: counter.owner,
      tax_code: null,
    }),
    // Customers for a year: not among the month's new customers the KPI counts.
    createdAt: new Date(Date.now() - 365 * 86_400_000),
    updatedAt: new Date(),
  }));
  await tx.insert(customers).values(rows);
  await tx.insert(customerPrivacyEvents).values(
    rows.map((row) => ({
      companyId,
      customerId: row.id,
      kind: 'consent',
      method: 'paper',
      noticeVersion: CONSENT_NOTICE.version,
      accountId: row.createdBy,
    })),
  );
}

async function seedPapers(tx: Db, companyId: number, today: string): Promise<void> {
  const rows = await tx.select({ id: customers.id, code: customers.code }).from(customers).where(eq(customers.companyId, companyId));
  for (const row of rows) {
    const papers = PAPERS[row.code];
    if (!papers) continue;
    const gppExpiry = papers.gppDaysLeft === undefined || papers.gppDaysLeft === null ? null : addDays(today, papers.gppDaysLeft);
    await tx
      .update(customers)
      .set({
        licenceNumber: papers.licence ?? null,
        licenceIssuer: row.code === 'KH000006' ? 'Sở Y tế Hà Nội' : 'Sở Y tế TP. Hồ Chí Minh',
        licenceDate: '2021-03-15',
        controlledScope: papers.scope ?? false,
        gppNumber: gppExpiry ? `GPP-${row.code.slice(-3)}/${gppExpiry.slice(0, 4)}` : null,
        gppExpiry,
        outletCode: papers.outlet ?? null,
      })
      .where(and(eq(customers.companyId, companyId), eq(customers.id, row.id)));
  }
  await recordUpserts(
    tx,
    companyId,
    'customer',
    rows.map((row) => row.id),
  );
}

async function seedDrugMaster(tx: Db, companyId: number, today: string): Promise<void> {
  const rows = await tx
    .select({ id: products.id, name: products.name, group: productGroups.title })
    .from(products)
    .leftJoin(productGroups, and(eq(productGroups.id, products.groupId), eq(productGroups.companyId, products.companyId)))
    .where(eq(products.companyId, companyId));
  for (const row of rows) {
    const drug = DRUGS[row.name];
    await tx
      .update(products)
      .set({
        prescription: row.group === 'Thuốc kê đơn',
        essential: drug?.essential ?? false,
        nationalCode: drug?.nationalCode ?? null,
        registrationExpiry: drug?.registrationDaysLeft === undefined ? null : addDays(today, drug.registrationDaysLeft),
      })
      .where(and(eq(products.companyId, companyId), eq(products.id, row.id)));
  }
  const changed = await tx
    .select({ id: variants.id })
    .from(variants)
    .where(
      and(
        eq(variants.companyId, companyId),
        inArray(
          variants.productId,
          rows.map((row) => row.id),
        ),
      ),
    );
  await recordUpserts(
    tx,
    companyId,
    'variant',
    changed.map((row) => row.id),
  );
}

async function seedNewDrugs(tx: Db, companyId: number): Promise<void> {
  const [group] = await tx
    .select({ id: productGroups.id })
    .from(productGroups)
    .where(and(eq(productGroups.companyId, companyId), eq(productGroups.title, 'Thuốc kê đơn')));
  const [category] = await tx
    .insert(productCategories)
    .values({ companyId, title: 'Thần kinh, nội tiết' })
    .onConflictDoNothing()
    .returning({ id: productCategories.id });
  // Insulin pens sell by the pen: a unit the company's list lacks.
  await tx.insert(productUnits).values({ companyId, title: 'bút' }).onConflictDoNothing();
  for (const drug of NEW_DRUGS) {
    const { units, ...fields } = drug;
    const input = v.parse(ProductInputSchema, {
      company: companyId,
      ...fields,
      group_id: group?.id ?? null,
      category_id: category?.id ?? null,
      vat_rate: 5,
      is_medicine: true,
      prescription: true,
      variants: [{ name: '', units }],
    });
    await saveProduct(tx, companyId, input, null);
  }
}

export async function seedDemoPharma(db: Db, input: { anKhangId: number }, today = vietnamDay()): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCounters(tx, input.anKhangId);
    await seedPapers(tx, input.anKhangId, today);
    await seedDrugMaster(tx, input.anKhangId, today);
    await seedNewDrugs(tx, input.anKhangId);
  });
}
