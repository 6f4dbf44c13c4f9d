/**
 * The product and variant lists: filters of product-spec.md §3 "Product" (search, brand, category, group),
 * the drug master's, active flag, barcode, ordering and paging, with the total count. Search runs on the variants'
 * folded search_text (which holds the product's words too), so a product is found by any of its
 * variants' codes or barcodes.
 */
import { and, asc, between, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import { REGISTRATION_NOTICE_DAYS } from '@contract/products-drugs';
import type * as v from 'valibot';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { ProductListQuery, ProductRecord, VariantListQuery, VariantRecord } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { products, variants } from '@server/kernel/db/schema';
import { loadProductRecords } from './product-record';
import { searchWords, wordConditions } from '@server/kernel/sql';
import { pagedRows } from '@server/kernel/lists';
import { loadVariantPage, variantRecordsById } from './variant-record';

export type ProductQuery = v.InferOutput<typeof ProductListQuery>;
export type VariantQuery = v.InferOutput<typeof VariantListQuery>;

/** Filters on the product's brand, category, group and drug master (the caller scopes to the company). */
function productFieldFilters(query: ProductQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.brand !== undefined) filters.push(eq(products.brandId, query.brand));
  if (query.category !== undefined) filters.push(eq(products.categoryId, query.category));
  if (query.group !== undefined) filters.push(eq(products.groupId, query.group));
  return [...filters, ...drugMasterFilters(query)];
}

/**
 * The drug master's filters read medicines only: a product that is not one keeps whatever its
 * hidden fields hold, and "kê đơn / không kê đơn", a class or a registration's expiry say nothing of it.
 */
function drugMasterFilters(query: ProductQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.prescription) filters.push(eq(products.prescription, query.prescription === 'true'));
  if (query.controlled_class) filters.push(eq(products.controlledClass, query.controlled_class));
  if (query.storage) filters.push(eq(products.storage, query.storage));
  if (query.registration) {
    const today = vietnamDay();
    filters.push(
      query.registration === 'expired'
        ? lt(products.registrationExpiry, today)
        : between(products.registrationExpiry, today, addDays(today, REGISTRATION_NOTICE_DAYS)),
    );
  }
  if (filters.length > 0) filters.unshift(eq(products.isMedicine, true));
  return filters;
}

/** Whether a filter reads the product's own columns, so a variant list must join its product. */
function filtersProducts(query: ProductQuery): boolean {
  return [query.brand, query.category, query.group, query.prescription, query.controlled_class, query.storage, query.registration].some(
    (value) => value !== undefined,
  );
}

export function productFilters(query: ProductQuery): SQL[] {
  const filters = [eq(products.companyId, query.company), ...productFieldFilters(query)];
  const words = wordConditions(variants.searchText, query.search);
  if (words.length > 0) {
    filters.push(
      sql`${products.id} in (select ${variants.productId} from ${variants} where ${variants.companyId} = ${query.company} and ${and(...words)})`,
    );
  }
  if (query.is_active) filters.push(eq(products.isActive, query.is_active === 'true'));
  return filters;
}

export function variantFilters(query: VariantQuery): SQL[] {
  const filters = [
    eq(variants.companyId, query.company),
    ...productFieldFilters(query),
    ...wordConditions(variants.searchText, query.search),
  ];
  if (query.is_active === 'true') filters.push(and(eq(variants.isActive, true), eq(products.isActive, true))!);
  if (query.is_active === 'false') filters.push(or(eq(variants.isActive, false), eq(products.isActive, false))!);
  if (query.barcode) {
    filters.push(
      sql`${variants.id} in (select variant_id from variant_units where company_id = ${query.company} and barcode = ${query.barcode})`,
    );
  }
  return filters;
}

const PRODUCT_ORDER = {
  name: [asc(products.name), asc(products.id)],
  '-name': [desc(products.name), desc(products.id)],
  code: [asc(products.code), asc(products.id)],
  '-code': [desc(products.code), desc(products.id)],
  updated_at: [asc(products.updatedAt), asc(products.id)],
  '-updated_at': [desc(products.updatedAt), desc(products.id)],
} as const;

const VARIANT_ORDER = {
  name: [asc(variants.productName), asc(variants.name), asc(variants.id)],
  '-name': [desc(variants.productName), desc(variants.name), desc(variants.id)],
  code: [asc(variants.code), asc(variants.id)],
  '-code': [desc(variants.code), desc(variants.id)],
  updated_at: [asc(variants.updatedAt), asc(variants.id)],
  '-updated_at': [desc(variants.updatedAt), desc(variants.id)],
} as const;

/**
 * With a search, the page sorts what the trigram index found. Sorting by the first key as an
 * expression (the same order) keeps the planner off the (company, name) index: walking it in order
 * and testing every variant against the words looks cheap, but the variants a word finds sit
 * together in name order ('para…'), so the walk read most of the catalogue for 20 rows (22 ms
 * against 2 ms in tests/bench/server-load.ts's catalogue).
 */
const SEARCHED_FIRST_KEY: Partial<Record<VariantQuery['ordering'], SQL>> = {
  name: asc(sql`${variants.productName} || ''`),
  '-name': desc(sql`${variants.productName} || ''`),
  code: asc(sql`${variants.code} || ''`),
  '-code': desc(sql`${variants.code} || ''`),
};

function variantOrder(query: VariantQuery): SQL[] {
  const [first, ...rest] = VARIANT_ORDER[query.ordering];
  const searched = searchWords(query.search).length > 0;
  return [(searched && SEARCHED_FIRST_KEY[query.ordering]) || first, ...rest];
}

export async function listProducts(db: Db, query: ProductQuery): Promise<{ rows: ProductRecord[]; count: number }> {
  const select = db
    .select({ id: products.id })
    .from(products)
    .where(and(...productFilters(query)))
    .$dynamic();
  const { rows: page, count } = await pagedRows(db, select, PRODUCT_ORDER[query.ordering], query);
  const records = await loadProductRecords(
    db,
    query.company,
    page.map((row) => row.id),
  );
  return { rows: page.map((row) => records.get(row.id)).filter((record) => record !== undefined), count };
}

/** The variants' filters need their products only when a filter is on them. */
function needsProducts(query: VariantQuery): boolean {
  return filtersProducts(query) || query.is_active !== undefined;
}

/**
 * One page of a variant select, in the list's order (a dynamic select: any columns). Its own OFFSET,
 * not the kernel's `selectPage`: `searchedVariantPage` takes a limit and an offset, as the bench's
 * floor calls it (tests/bench/support/floor-server.ts).
 */
function paged<T extends PgSelect>(select: T, query: VariantQuery, limit: number, offset: number): T {
  // The join adds no column to a select that names its columns, so the select keeps its type.
  const from = needsProducts(query) ? (select.innerJoin(products, eq(products.id, variants.productId)) as unknown as T) : select;
  return from
    .where(and(...variantFilters(query)))
    .orderBy(...variantOrder(query))
    .limit(limit)
    .offset(offset);
}

/** The select of one page of variants' ids. */
function variantPage(db: Db, query: VariantQuery, limit: number, offset: number) {
  return paged(db.select({ id: variants.id }).from(variants).$dynamic(), query, limit, offset);
}

/**
 * A searched page of variants' ids, each with how many variants the search found (count(*) over ()):
 * a search's main statement, which the bench's floor runs alone (tests/bench/support/floor-server.ts).
 */
export function searchedVariantPage(db: Db, query: VariantQuery, limit: number, offset: number) {
  const total = sql<number>`count(*) over ()`.mapWith(Number);
  return paged(db.select({ id: variants.id, total }).from(variants).$dynamic(), query, limit, offset);
}

async function countVariants(db: Db, query: VariantQuery): Promise<number> {
  const where = and(...variantFilters(query));
  const [row] = needsProducts(query)
    ? await db.select({ n: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(where)
    : await db.select({ n: count() }).from(variants).where(where);
  return Number(row?.n ?? 0);
}

export async function listVariants(db: Db, query: VariantQuery): Promise<{ rows: VariantRecord[]; count: number }> {
  const offset = (query.page - 1) * query.limit;
  if (searchWords(query.search).length > 0) {
    // A search sorts every variant it finds to cut its page, so counting them in the same statement
    // is one trigram scan instead of two (PostgreSQL's time was the bottleneck of a search under load).
    const page = await searchedVariantPage(db, query, query.limit, offset);
    const count = page[0]?.total ?? (offset > 0 ? await countVariants(db, query) : 0);
    const records = await variantRecordsById(
      db,
      query.company,
      page.map((row) => row.id),
    );
    return { rows: page.map((row) => records.get(row.id)).filter((record) => record !== undefined), count };
  }
  // Without one, the page walks an index in order and stops: the count runs beside it, and the
  // page's ids and their records are one statement.
  const [count, rows] = await Promise.all([
    countVariants(db, query),
    loadVariantPage(db, query.company, variantPage(db, query, query.limit, offset)),
  ]);
  return { rows, count };
}
