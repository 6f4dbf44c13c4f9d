/** The catalogue: option lists, products, variants with their units and barcodes, images (server/modules/products). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';

const catalogueList = (name: string) =>
  pgTable(
    name,
    {
      id: integer('id').notNull().generatedAlwaysAsIdentity(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id),
      title: text('title').notNull(),
      createdAt: createdAt(),
      updatedAt: tstz('updated_at').notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.id, t.companyId] }),
      uniqueIndex(`${name}_company_title_key`).on(t.companyId, sql`lower(${t.title})`),
    ],
  );

export const productBrands = catalogueList('product_brands');

export const productCategories = catalogueList('product_categories');

export const productGroups = catalogueList('product_groups');

export const productUnits = catalogueList('product_units');

export const products = pgTable(
  'products',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
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
    brandId: integer('brand_id'),
    categoryId: integer('category_id'),
    groupId: integer('group_id'),
    vatRate: integer('vat_rate').notNull().default(0),
    /** A human medicine: promoted or given only to licensed drug businesses (NĐ 81/2018 Điều 5). */
    isMedicine: boolean('is_medicine').notNull().default(false),
    /** The drug master (contract/pharma.ts): the registration's expiry and the classes a sale is checked against. */
    registrationExpiry: date('registration_expiry', { mode: 'string' }),
    prescription: boolean('prescription').notNull().default(false),
    essential: boolean('essential').notNull().default(false),
    controlledClass: text('controlled_class').notNull().default('none'),
    storage: text('storage').notNull().default('normal'),
    /** Mã thuốc quốc gia, for the delivery files pharmacies import. */
    nationalCode: text('national_code'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Folded name, code, ingredient, registration number for diacritic-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'products_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('products_brand_id_product_brands_id_fk', t.brandId, t.companyId, productBrands),
    sameCompanyRef('products_category_id_product_categories_id_fk', t.categoryId, t.companyId, productCategories),
    sameCompanyRef('products_group_id_product_groups_id_fk', t.groupId, t.companyId, productGroups),
    uniqueIndex('products_company_code_key').on(t.companyId, t.code),
    index('products_company_name_idx').on(t.companyId, t.name),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id').notNull(),
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
    primaryKey({ name: 'variants_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('variants_product_id_products_id_fk', t.productId, t.companyId, products),
    uniqueIndex('variants_company_code_key').on(t.companyId, t.code),
    index('variants_product_idx').on(t.productId),
    index('variants_company_name_idx').on(t.companyId, t.productName, t.name, t.id),
  ],
);

export const variantUnits = pgTable(
  'variant_units',
  {
    id: integer('id').notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    variantId: integer('variant_id').notNull(),
    unit: text('unit').notNull(),
    factor: integer('factor').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    wholesalePrice: bigint('wholesale_price', { mode: 'number' }),
    barcode: text('barcode'),
  },
  (t) => [
    primaryKey({ name: 'variant_units_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('variant_units_variant_id_variants_id_fk', t.variantId, t.companyId, variants).onDelete('cascade'),
    uniqueIndex('variant_units_variant_unit_key').on(t.variantId, sql`lower(${t.unit})`, t.companyId),
    uniqueIndex('variant_units_company_barcode_key')
      .on(t.companyId, t.barcode)
      .where(sql`${t.barcode} is not null`),
  ],
);

export const productImages = pgTable(
  'product_images',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    productId: integer('product_id').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'product_images_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('product_images_product_id_products_id_fk', t.productId, t.companyId, products).onDelete('cascade'),
    index('product_images_product_idx').on(t.productId),
  ],
);
