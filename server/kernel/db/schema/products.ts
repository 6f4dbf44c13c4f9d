/** The catalogue: option lists, products, variants with their units and barcodes, images (server/modules/products). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, tstz } from './columns';
import { companies } from './company';

const catalogueList = (name: string) =>
  pgTable(
    name,
    {
      id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id),
      title: text('title').notNull(),
      createdAt: createdAt(),
      updatedAt: tstz('updated_at').notNull().defaultNow(),
    },
    (t) => [uniqueIndex(`${name}_company_title_key`).on(t.companyId, sql`lower(${t.title})`)],
  );

export const productBrands = catalogueList('product_brands');

export const productCategories = catalogueList('product_categories');

export const productGroups = catalogueList('product_groups');

export const productUnits = catalogueList('product_units');

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    activeIngredient: text('active_ingredient'),
    strength: text('strength'),
    registrationNumber: text('registration_number'),
    manufacturer: text('manufacturer'),
    country: text('country'),
    brandId: integer('brand_id').references(() => productBrands.id),
    categoryId: integer('category_id').references(() => productCategories.id),
    groupId: integer('group_id').references(() => productGroups.id),
    vatRate: integer('vat_rate').notNull().default(0),
    /** A human medicine: promoted or given only to licensed drug businesses (NĐ 81/2018 Điều 5). */
    isMedicine: boolean('is_medicine').notNull().default(false),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Folded name, code, ingredient, registration number for diacritic-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_company_code_key').on(t.companyId, t.code), index('products_company_name_idx').on(t.companyId, t.name)],
);

export const variants = pgTable(
  'variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** One base unit's weight and size, for carriers' fees and labels (docs/delivery.md "Parcels"); null: not given. */
    weightGrams: integer('weight_grams'),
    lengthCm: integer('length_cm'),
    widthCm: integer('width_cm'),
    heightCm: integer('height_cm'),
    /** Folded product and variant words, codes and barcodes. */
    searchText: text('search_text').notNull().default(''),
    /**
     * The product's name, kept by triggers (migration 0028), so that a page of variants in name order
     * sorts and walks one table: joining 875 found variants to their products to sort them was half
     * of a search's database time (server/modules/products/catalogue-lists.ts).
     */
    productName: text('product_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('variants_company_code_key').on(t.companyId, t.code),
    index('variants_product_idx').on(t.productId),
    index('variants_company_name_idx').on(t.companyId, t.productName, t.name, t.id),
  ],
);

export const variantUnits = pgTable(
  'variant_units',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    factor: integer('factor').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    wholesalePrice: bigint('wholesale_price', { mode: 'number' }),
    barcode: text('barcode'),
  },
  (t) => [
    uniqueIndex('variant_units_variant_unit_key').on(t.variantId, sql`lower(${t.unit})`),
    uniqueIndex('variant_units_company_barcode_key')
      .on(t.companyId, t.barcode)
      .where(sql`${t.barcode} is not null`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);
