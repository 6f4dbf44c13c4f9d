/**
 * Demo data of the pharma rules (docs/pharma.md): An Khang's customers with valid, soon
 * expiring, expired and missing papers; its medicines classed (prescription, the essential list, a
 * drug under special control, a cold item) with a few registrations expiring; so each rule shows on
 * the phone and in the office. Whether a demo drug is on the essential list is illustrative.
 * Runs after the order history, so the history is the same as before the drug master existed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { ProductInputSchema } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { customers, productCategories, productGroups, products, productUnits, variants } from '@server/kernel/db/schema';
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
};

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

/** Two medicines the catalogue lacked: a cold item and a psychotropic drug (no stock: they show in the catalogue and the rules). */
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
] as const;

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
    await seedPapers(tx, input.anKhangId, today);
    await seedDrugMaster(tx, input.anKhangId, today);
    await seedNewDrugs(tx, input.anKhangId);
  });
}
