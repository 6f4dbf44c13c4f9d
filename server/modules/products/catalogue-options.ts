/**
 * Brands, categories, groups and units: short per-company lists with one shape. Lists are small, so
 * they are read whole, sorted the Vietnamese way (Đ after D) and searched without diacritics here.
 * Titles are unique per company ignoring case; renaming re-sends the variants that show the name.
 */
import { and, count, eq, inArray, type AnyColumn } from 'drizzle-orm';
import type { CatalogueOption, SelectOption } from '@contract/products';

import type { Db } from '@server/kernel/db/client';
import { productBrands, productCategories, productGroups, products, productUnits, variants } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { recordUpserts } from '@server/kernel/sync/change-log';
import { mapConflicts } from './conflicts';

export type OptionKind = 'brand' | 'category' | 'group' | 'unit';
type OptionTable = typeof productBrands;

type KindInfo = { table: OptionTable; label: string; productColumn: AnyColumn | null };

export const OPTION_KINDS: Record<OptionKind, KindInfo> = {
  brand: { table: productBrands, label: 'thương hiệu', productColumn: products.brandId },
  category: { table: productCategories, label: 'danh mục', productColumn: products.categoryId },
  group: { table: productGroups, label: 'nhóm sản phẩm', productColumn: products.groupId },
  unit: { table: productUnits, label: 'đơn vị tính', productColumn: null },
};

export const vietnameseOrder = new Intl.Collator('vi', { numeric: true });

export function sameTitle(a: string, b: string): boolean {
  return a.normalize('NFC').toLocaleLowerCase('vi') === b.normalize('NFC').toLocaleLowerCase('vi');
}

export function cleanTitle(title: string): string {
  return title.normalize('NFC').replace(/\s+/g, ' ').trim();
}

export function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Every option of a company, sorted by title. */
export async function allOptions(db: Db, kind: OptionKind, companyId: number): Promise<CatalogueOption[]> {
  const { table } = OPTION_KINDS[kind];
  const rows = await db.select({ id: table.id, title: table.title }).from(table).where(eq(table.companyId, companyId));
  return rows.sort((a, b) => vietnameseOrder.compare(a.title, b.title) || a.id - b.id);
}

export function toSelectOptions(rows: CatalogueOption[]): SelectOption[] {
  return rows.map((row) => ({ value: row.id, label: row.title }));
}

export async function getOption(db: Db, kind: OptionKind, companyId: number, id: number): Promise<CatalogueOption> {
  const { table, label } = OPTION_KINDS[kind];
  const [row] = await db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.id, id)));
  if (!row) throw notFound(`Không tìm thấy ${label}`);
  return row;
}

/** 409 when another option of the company has this title, whatever the case. */
export async function assertTitleFree(db: Db, kind: OptionKind, companyId: number, title: string, exceptId?: number): Promise<void> {
  const { label } = OPTION_KINDS[kind];
  const taken = (await allOptions(db, kind, companyId)).find((row) => row.id !== exceptId && sameTitle(row.title, title));
  if (taken) throw conflict(`${capital(label)} "${taken.title}" đã tồn tại`, { title: `Tên ${label} đã tồn tại` });
}

export async function createOption(db: Db, kind: OptionKind, companyId: number, rawTitle: string): Promise<CatalogueOption> {
  const { table } = OPTION_KINDS[kind];
  const title = cleanTitle(rawTitle);
  await assertTitleFree(db, kind, companyId, title);
  return mapConflicts(async () => {
    const [row] = await db.insert(table).values({ companyId, title }).returning({ id: table.id, title: table.title });
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** Renames a brand, category or group and re-sends the variants of the products that use it. */
export async function renameOption(db: Db, kind: Exclude<OptionKind, 'unit'>, companyId: number, id: number, rawTitle: string) {
  const { table, productColumn } = OPTION_KINDS[kind];
  const title = cleanTitle(rawTitle);
  await getOption(db, kind, companyId, id);
  await assertTitleFree(db, kind, companyId, title, id);
  return mapConflicts(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(table)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(table.companyId, companyId), eq(table.id, id)))
        .returning({ id: table.id, title: table.title });
      if (!row) throw notFound();
      const users = tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(productColumn!, id)));
      const touched = await tx
        .select({ id: variants.id })
        .from(variants)
        .where(and(eq(variants.companyId, companyId), inArray(variants.productId, users)));
      await recordUpserts(
        tx,
        companyId,
        'variant',
        touched.map((variant) => variant.id),
      );
      return row;
    }),
  );
}

/** How many products use a brand, category or group. */
export async function productsUsing(db: Db, kind: Exclude<OptionKind, 'unit'>, companyId: number, id: number): Promise<number> {
  const column = OPTION_KINDS[kind].productColumn!;
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.companyId, companyId), eq(column, id)));
  return Number(row?.n ?? 0);
}

export async function deleteOption(db: Db, kind: OptionKind, companyId: number, id: number): Promise<void> {
  const { table } = OPTION_KINDS[kind];
  await db.delete(table).where(and(eq(table.companyId, companyId), eq(table.id, id)));
}

/** Ids among `ids` that are not options of the company (for refusing another tenant's ids). */
export async function foreignOptionIds(db: Db, kind: OptionKind, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { table } = OPTION_KINDS[kind];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, ids)));
  const own = new Set(rows.map((row) => row.id));
  return ids.filter((id) => !own.has(id));
}
