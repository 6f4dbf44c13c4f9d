/**
 * Demo data at scale for one company, written straight into the database with bulk SQL (one
 * `insert … select from unnest(arrays)` per chunk of a few thousand rows) plus the change-log rows
 * the app itself would write (server/kernel/sync/change-log.ts `recordChanges`), so devices pull
 * the generated records exactly as they pull records made through the API. Search columns are
 * filled by the app's own functions (customerSearchText, productSearchText, variantSearchText) and
 * order totals by contract/orders-totals.ts.
 *
 * Used by the benchmarks (tests/bench) and by `npm run seed -- --scale large` (seed.ts), which does:
 *   const { deps } = await prepareDeps({ env });              // opens, migrates, seeds the demo data
 *   await generateScaleData(deps.db, anKhangId, { ...SCALES.large, seed: 1, scryptLogN: env.scryptLogN });
 * It only adds: run it on a company that has the demo data (customer groups, levels, the VAT
 * switch) and it leaves the demo records alone; running it twice adds a second lot (codes and
 * rep phones continue). Reps sign in as 0966000001, 0966000002, … with Demo@2026; the demo
 * account An (0901234567) is a rep too. Large scale: about 1 minute on PostgreSQL, 3 on PGlite.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { fold } from '@contract/fold';
import { lineAmounts, orderTotals } from '@contract/orders-totals';
import type { OrderStatus, PaymentStatus } from '@contract/orders-status';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { DEMO_PASSWORD } from '@server/seed/demo';
import { formatCode } from '@server/kernel/counters';
import { hashPassword } from '@server/lib/passwords';
import { rowsOf } from '@server/kernel/sql';
import { customerSearchText } from '@server/modules/customers';
import { productSearchText, variantSearchText } from '@server/modules/products';
import { recordChanges, recordUpserts, type ChangeInput } from '@server/kernel/sync/change-log';
import { defaultWarehouse } from '@server/modules/warehouse';
import { catalogueGenerator, type GenProduct, type GenUnit } from './pharma';
import { seededRandom, type Random } from './random';
import {
  addressBook,
  CUSTOMER_KIND_WEIGHTS,
  customerName,
  initials,
  personName,
  phoneNumber,
  placeName,
  streetAddress,
  taxCode,
} from './vietnamese';

export type ScaleOptions = {
  /** Sellable variants (products get one to three each). */
  variants: number;
  customers: number;
  orders: number;
  /** Sales reps added to the company (the demo account An is one more). */
  reps: number;
  /** Share of variants with a stock row (stock-tracked; orders reserve them). */
  stockShare?: number;
  seed?: number;
  /** Rows per INSERT statement (and per transaction). */
  chunk?: number;
  /**
   * Drop the plain secondary indexes of the bulk tables during the load and build them after
   * (default true): several times faster on PGlite. Pass false for a database that serves meanwhile.
   */
  deferIndexes?: boolean;
  /** scrypt cost of the reps' password hash (Demo@2026): 14 as in tests, the server's SCRYPT_LOG_N (17) for a real seed. */
  scryptLogN?: number;
  log?: (message: string) => void;
};

export const SCALES = {
  small: { variants: 2_000, customers: 5_000, orders: 10_000, reps: 5 },
  medium: { variants: 10_000, customers: 20_000, orders: 50_000, reps: 12 },
  large: { variants: 50_000, customers: 100_000, orders: 200_000, reps: 30 },
} as const satisfies Record<string, Omit<ScaleOptions, 'seed'>>;
export type ScaleName = keyof typeof SCALES;

/** What a benchmark needs to know about the records, to build realistic queries. */
export type GeneratedCustomer = {
  id: string;
  code: string;
  name: string;
  kind: string;
  phone: string | null;
  ownerName: string;
  taxCode: string | null;
  street: string;
  provinceCode: string;
  provinceName: string;
  wardCode: string;
  wardName: string;
  staffId: number;
  customerTypeId: number | null;
  levelId: number | null;
  active: boolean;
};

export type GeneratedVariant = {
  id: number;
  productId: number;
  productCode: string;
  productName: string;
  code: string;
  name: string;
  activeIngredient: string | null;
  brand: string | null;
  registrationNumber: string | null;
  manufacturer: string;
  categoryId: number;
  brandId: number | null;
  groupId: number;
  vatRate: number;
  active: boolean;
  units: GenUnit[];
};

export type GeneratedOrder = { id: string; code: string; localNo: string; customerId: string; createdAt: string; status: OrderStatus };

export type Rep = { id: number; fullName: string; phone: string };

export type GeneratedData = {
  companyId: number;
  reps: Rep[];
  customers: GeneratedCustomer[];
  variants: GeneratedVariant[];
  orders: GeneratedOrder[];
  counts: Record<string, number>;
  /** Seconds per step. */
  timings: Record<string, number>;
};

// ---- Bulk SQL --------------------------------------------------------------------------------------

type Column = readonly [name: string, pgType: string];

/** `insert into table (columns) select * from unnest($1::t1[], $2::t2[] …)`: one statement for many rows. */
export async function bulkInsert<R = Record<string, unknown>>(
  db: Db,
  table: string,
  columns: readonly Column[],
  rows: readonly (readonly unknown[])[],
  returning?: string,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const arrays = columns.map((_, i) => rows.map((row) => row[i] ?? null));
  const names = sql.raw(columns.map(([name]) => name).join(', '));
  const unnest = sql.join(
    columns.map(([, type], i) => sql`${sql.param(arrays[i])}::${sql.raw(type)}[]`),
    sql`, `,
  );
  const tail: SQL = returning ? sql.raw(` returning ${returning}`) : sql``;
  return rowsOf<R>(await db.execute(sql`insert into ${sql.raw(table)} (${names}) select * from unnest(${unnest})${tail}`));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function timed<T>(timings: Record<string, number>, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  timings[name] = Number(((performance.now() - started) / 1000).toFixed(2));
  return result;
}

/** The company's running number for a code kind, moved past `used` (so the app continues after us). */
async function takeCounter(db: Db, companyId: number, name: string, count: number): Promise<number> {
  const [row] = rowsOf<{ value: string | number }>(
    await db.execute(sql`
      insert into company_counters (company_id, name, value) values (${companyId}, ${name}, ${count})
      on conflict (company_id, name) do update set value = company_counters.value + ${count}
      returning value`),
  );
  return Number(row?.value) - count + 1;
}

/** Codes already taken by hand-typed records (the demo data) must not be generated again. */
async function maxCodeNumber(db: Db, table: string, companyId: number, prefix: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`
      select max(substring(code from ${prefix.length + 1}::int)::bigint) as n from ${sql.raw(table)}
      where company_id = ${companyId} and code ~ ${`^${prefix}[0-9]{1,15}$`}`),
  );
  return Number(row?.n ?? 0);
}

async function firstFreeNumber(db: Db, table: string, companyId: number, prefix: string, counter: string, count: number) {
  const taken = await maxCodeNumber(db, table, companyId, prefix);
  await db.execute(sql`
    insert into company_counters (company_id, name, value) values (${companyId}, ${counter}, ${taken})
    on conflict (company_id, name) do update set value = greatest(company_counters.value, ${taken})`);
  return takeCounter(db, companyId, counter, count);
}

// ---- Reps ------------------------------------------------------------------------------------------

/** Sales reps who can sign in (password Demo@2026), accepted members of the company. */
export async function generateReps(db: Db, companyId: number, count: number, random: Random, scryptLogN = 14): Promise<Rep[]> {
  const [type] = rowsOf<{ id: number }>(await db.execute(sql`select id from account_types where code = 'COMPANY'`));
  if (!type) throw new Error('account type COMPANY missing: seed the demo data first');
  const [existing] = rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n from accounts where phone like '0966%'`));
  const offset = Number(existing?.n ?? 0);
  const passwordHash = await hashPassword(DEMO_PASSWORD, scryptLogN);
  const people = Array.from({ length: count }, (_, i) => ({
    ...personName(random),
    phone: `0966${String(offset + i + 1).padStart(6, '0')}`,
  }));
  const rows = await bulkInsert<{ id: number; phone: string }>(
    db,
    'accounts',
    [
      ['phone', 'text'],
      ['password_hash', 'text'],
      ['full_name', 'text'],
      ['account_type_id', 'int'],
    ],
    people.map((person) => [person.phone, passwordHash, person.fullName, type.id]),
    'id, phone',
  );
  const ids = new Map(rows.map((row) => [row.phone, Number(row.id)]));
  await bulkInsert(
    db,
    'account_companies',
    [
      ['company_id', 'int'],
      ['account_id', 'int'],
      ['status', 'text'],
    ],
    people.map((person) => [companyId, ids.get(person.phone), 'accept']),
  );
  return people.map((person) => ({ id: ids.get(person.phone)!, fullName: person.fullName, phone: person.phone }));
}

// ---- Catalogue -------------------------------------------------------------------------------------

async function optionIds(db: Db, table: string, companyId: number, titles: Iterable<string>): Promise<Map<string, number>> {
  const unique = [...new Set(titles)];
  await db.execute(sql`
    insert into ${sql.raw(table)} (company_id, title)
    select ${companyId}, title from unnest(${sql.param(unique)}::text[]) as title
    on conflict do nothing`);
  const rows = rowsOf<{ id: number; title: string }>(
    await db.execute(sql`select id, title from ${sql.raw(table)} where company_id = ${companyId}`),
  );
  const byLower = new Map(rows.map((row) => [row.title.toLowerCase(), Number(row.id)]));
  return new Map(unique.map((title) => [title, byLower.get(title.toLowerCase())!]));
}

export async function generateCatalogue(
  db: Db,
  companyId: number,
  options: { variants: number; stockShare: number; chunk: number; random: Random },
): Promise<GeneratedVariant[]> {
  const { random } = options;
  const makeProduct = catalogueGenerator(random);
  const planned: GenProduct[] = [];
  let variantTotal = 0;
  while (variantTotal < options.variants) {
    const count = Math.min(
      options.variants - variantTotal,
      random.weighted([
        [1, 70],
        [2, 20],
        [3, 10],
      ] as const),
    );
    planned.push(makeProduct(count));
    variantTotal += count;
  }
  const brands = await optionIds(
    db,
    'product_brands',
    companyId,
    planned.flatMap((p) => (p.brand ? [p.brand] : [])),
  );
  const categories = await optionIds(
    db,
    'product_categories',
    companyId,
    planned.map((p) => p.category),
  );
  const groups = await optionIds(
    db,
    'product_groups',
    companyId,
    planned.map((p) => p.group),
  );
  const firstCode = await firstFreeNumber(db, 'products', companyId, 'SP', 'product', planned.length);

  const out: GeneratedVariant[] = [];
  // A chunk of variants (not products) per transaction keeps the statements about the same size.
  const productChunk = Math.max(1, Math.floor(options.chunk / 1.4));
  for (const [chunkIndex, batch] of chunks(planned, productChunk).entries()) {
    await db.transaction(async (tx) => {
      const base = firstCode + chunkIndex * productChunk;
      const withCodes = batch.map((product, i) => ({ product, code: formatCode('SP', base + i) }));
      const productRows = await bulkInsert<{ id: number; code: string }>(
        tx,
        'products',
        [
          ['company_id', 'int'],
          ['code', 'text'],
          ['name', 'text'],
          ['active_ingredient', 'text'],
          ['strength', 'text'],
          ['registration_number', 'text'],
          ['manufacturer', 'text'],
          ['country', 'text'],
          ['brand_id', 'int'],
          ['category_id', 'int'],
          ['group_id', 'int'],
          ['vat_rate', 'int'],
          ['is_active', 'boolean'],
          ['search_text', 'text'],
        ],
        withCodes.map(({ product: p, code }) => [
          companyId,
          code,
          p.name,
          p.activeIngredient,
          p.strength,
          p.registrationNumber,
          p.manufacturer,
          p.country,
          p.brand ? brands.get(p.brand) : null,
          categories.get(p.category),
          groups.get(p.group),
          p.vatRate,
          p.isActive,
          productSearchText({
            code,
            name: p.name,
            activeIngredient: p.activeIngredient,
            strength: p.strength,
            registrationNumber: p.registrationNumber,
            manufacturer: p.manufacturer,
          }),
        ]),
        'id, code',
      );
      const productIds = new Map(productRows.map((row) => [row.code, Number(row.id)]));
      const variantInputs = withCodes.flatMap(({ product, code }) =>
        product.variants.map((variant, i) => ({
          product,
          productCode: code,
          productId: productIds.get(code)!,
          variant,
          code: `${code}-${i + 1}`,
        })),
      );
      const variantRows = await bulkInsert<{ id: number; code: string }>(
        tx,
        'variants',
        [
          ['company_id', 'int'],
          ['product_id', 'int'],
          ['code', 'text'],
          ['name', 'text'],
          ['is_active', 'boolean'],
          ['search_text', 'text'],
        ],
        variantInputs.map((input) => [
          companyId,
          input.productId,
          input.code,
          input.variant.name,
          true,
          variantSearchText(
            {
              code: input.productCode,
              name: input.product.name,
              activeIngredient: input.product.activeIngredient,
              strength: input.product.strength,
              registrationNumber: input.product.registrationNumber,
              manufacturer: input.product.manufacturer,
            },
            { code: input.code, name: input.variant.name, barcodes: input.variant.units.map((unit) => unit.barcode) },
          ),
        ]),
        'id, code',
      );
      const variantIds = new Map(variantRows.map((row) => [row.code, Number(row.id)]));
      const units = variantInputs.flatMap((input) => input.variant.units.map((unit) => ({ variantId: variantIds.get(input.code)!, unit })));
      await bulkInsert(
        tx,
        'variant_units',
        [
          ['company_id', 'int'],
          ['variant_id', 'int'],
          ['unit', 'text'],
          ['factor', 'int'],
          ['price', 'bigint'],
          ['wholesale_price', 'bigint'],
          ['barcode', 'text'],
        ],
        units.map(({ variantId, unit }) => [companyId, variantId, unit.unit, unit.factor, unit.price, unit.wholesale, unit.barcode]),
      );
      const stocked = variantInputs.filter(() => random.chance(options.stockShare));
      await openingStock(
        tx,
        companyId,
        stocked.map((input) => ({ variantId: variantIds.get(input.code)!, quantity: random.int(2_000, 200_000) })),
      );
      await recordUpserts(tx, companyId, 'variant', [...variantIds.values()]);
      for (const input of variantInputs) {
        out.push({
          id: variantIds.get(input.code)!,
          productId: input.productId,
          productCode: input.productCode,
          productName: input.product.name,
          code: input.code,
          name: input.variant.name,
          activeIngredient: input.product.activeIngredient,
          brand: input.product.brand,
          registrationNumber: input.product.registrationNumber,
          manufacturer: input.product.manufacturer,
          categoryId: categories.get(input.product.category)!,
          brandId: input.product.brand ? brands.get(input.product.brand)! : null,
          groupId: groups.get(input.product.group)!,
          vatRate: input.product.vatRate,
          active: input.product.isActive,
          units: input.variant.units,
        });
      }
    });
  }
  return out;
}

// ---- Customers -------------------------------------------------------------------------------------

const CITY_CENTRES: Record<string, [number, number]> = {
  '79': [10.7769, 106.7009],
  '01': [21.0285, 105.8542],
  '48': [16.0544, 108.2022],
  '92': [10.0452, 105.7469],
  '31': [20.8449, 106.6881],
};

export async function generateCustomers(
  db: Db,
  companyId: number,
  options: { customers: number; staff: Rep[]; chunk: number; random: Random },
): Promise<GeneratedCustomer[]> {
  const { random } = options;
  const types = rowsOf<{ id: number; title: string }>(
    await db.execute(sql`select id, title from customer_types where company_id = ${companyId} order by id`),
  );
  const levels = rowsOf<{ id: number }>(await db.execute(sql`select id from customer_levels where company_id = ${companyId} order by id`));
  const typeFor = (kind: string): number | null => {
    if (types.length === 0 || random.chance(0.08)) return null;
    const byTitle = (title: string) => types.find((type) => type.title === title)?.id ?? null;
    if (kind === 'Bệnh viện') return byTitle('Nhà thuốc bệnh viện') ?? Number(types[0]!.id);
    if (kind === 'Phòng khám') return byTitle('Phòng khám tư') ?? Number(types[0]!.id);
    if (kind === 'Đại lý') return byTitle('Đại lý cấp 1') ?? Number(types[0]!.id);
    return byTitle('Nhà thuốc bán lẻ') ?? Number(random.pick(types).id);
  };
  const book = addressBook();
  const firstCode = await firstFreeNumber(db, 'customers', companyId, 'KH', 'customer', options.customers);
  const now = Date.now();
  const out: GeneratedCustomer[] = [];
  for (let start = 0; start < options.customers; start += options.chunk) {
    const size = Math.min(options.chunk, options.customers - start);
    const batch: (GeneratedCustomer & { createdAt: string; lat: number | null; lng: number | null; note: string | null })[] = [];
    for (let i = 0; i < size; i += 1) {
      const kind = random.weighted(CUSTOMER_KIND_WEIGHTS);
      const owner = personName(random);
      const place = book.pick(random);
      const centre = CITY_CENTRES[place.provinceCode];
      const created = now - random.int(1, 3 * 365) * 86_400_000 - random.int(0, 86_399_999);
      batch.push({
        id: uuidv7(created),
        code: formatCode('KH', firstCode + start + i),
        name: customerName(random, kind, owner, placeName(place)),
        kind,
        phone: random.chance(0.97) ? phoneNumber(random) : null,
        ownerName:
          kind === 'Bệnh viện' ? 'Khoa Dược' : kind === 'Phòng khám' && random.chance(0.5) ? `BS. ${owner.fullName}` : owner.fullName,
        taxCode: random.chance(0.35) ? taxCode(random) : null,
        street: streetAddress(random),
        provinceCode: place.provinceCode,
        provinceName: place.provinceName,
        wardCode: place.wardCode,
        wardName: place.wardName,
        staffId: options.staff[random.skewed(options.staff.length, 1.3)]!.id,
        customerTypeId: typeFor(kind),
        levelId: levels.length > 0 && random.chance(0.85) ? Number(levels[random.skewed(levels.length, 1.8)]!.id) : null,
        active: random.chance(0.95),
        createdAt: new Date(created).toISOString(),
        lat: centre && random.chance(0.7) ? centre[0] + (random.next() - 0.5) * 0.2 : null,
        lng: centre && random.chance(0.7) ? centre[1] + (random.next() - 0.5) * 0.2 : null,
        note: random.chance(0.05)
          ? random.pick(['Giao hàng buổi sáng', 'Gọi trước khi giao', 'Thanh toán cuối tháng', 'Khách quen'])
          : null,
      });
    }
    await db.transaction(async (tx) => {
      await bulkInsert(
        tx,
        'customers',
        [
          ['id', 'uuid'],
          ['company_id', 'int'],
          ['code', 'text'],
          ['name', 'text'],
          ['kind', 'text'],
          ['phone', 'text'],
          ['tax_code', 'text'],
          ['owner_name', 'text'],
          ['province_code', 'text'],
          ['province_name', 'text'],
          ['ward_code', 'text'],
          ['ward_name', 'text'],
          ['street', 'text'],
          ['staff_id', 'int'],
          ['customer_type_id', 'int'],
          ['level_id', 'int'],
          ['status', 'text'],
          ['lat', 'float8'],
          ['lng', 'float8'],
          ['note', 'text'],
          ['search_text', 'text'],
          ['created_by', 'int'],
          ['created_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        batch.map((c) => [
          c.id,
          companyId,
          c.code,
          c.name,
          c.kind,
          c.phone,
          c.taxCode,
          c.ownerName,
          c.provinceCode,
          c.provinceName,
          c.wardCode,
          c.wardName,
          c.street,
          c.staffId,
          c.customerTypeId,
          c.levelId,
          c.active ? 'active' : 'inactive',
          c.lat,
          c.lng,
          c.note,
          customerSearchText({ code: c.code, name: c.name, phone: c.phone, owner_name: c.ownerName, tax_code: c.taxCode }),
          c.staffId,
          c.createdAt,
          c.createdAt,
        ]),
      );
      await recordUpserts(
        tx,
        companyId,
        'customer',
        batch.map((c) => c.id),
      );
    });
    for (const { createdAt: _c, lat: _a, lng: _b, note: _n, ...customer } of batch) out.push(customer);
  }
  return out;
}

// ---- Orders ----------------------------------------------------------------------------------------

const REASONS = ['Khách đổi ý', 'Hết hàng tại kho', 'Sai địa chỉ giao hàng', 'Khách đặt trùng đơn', 'Không liên lạc được khách'];

function statusFor(random: Random, ageDays: number): OrderStatus {
  if (ageDays < 1)
    return random.weighted([
      ['pending', 60],
      ['confirmed', 25],
      ['delivering', 5],
      ['draft', 3],
      ['cancelled', 5],
      ['rejected', 2],
    ] as const);
  if (ageDays < 7)
    return random.weighted([
      ['pending', 10],
      ['confirmed', 25],
      ['delivering', 35],
      ['completed', 20],
      ['cancelled', 7],
      ['rejected', 3],
    ] as const);
  return random.weighted([
    ['completed', 85],
    ['cancelled', 9],
    ['rejected', 4],
    ['delivering', 1],
    ['confirmed', 1],
  ] as const);
}

function paymentFor(random: Random, status: OrderStatus): PaymentStatus {
  if (status === 'completed')
    return random.weighted([
      ['paid', 80],
      ['partial', 8],
      ['unpaid', 12],
    ] as const);
  if (status === 'delivering')
    return random.weighted([
      ['unpaid', 80],
      ['partial', 10],
      ['paid', 10],
    ] as const);
  return 'unpaid';
}

/** A moment in the last `days` days in Vietnamese business hours, more orders recently. */
function orderTime(random: Random, now: number, days: number): number {
  const dayAgo = Math.floor(days * random.next() ** 1.3);
  const vnMidnight = Math.floor((now + 7 * 3_600_000) / 86_400_000) * 86_400_000 - 7 * 3_600_000;
  const at = vnMidnight - dayAgo * 86_400_000 + (7 * 60 + random.int(0, 12 * 60)) * 60_000 + random.int(0, 59_999);
  return Math.min(at, now - 60_000);
}

export async function generateOrders(
  db: Db,
  companyId: number,
  options: {
    orders: number;
    customers: readonly GeneratedCustomer[];
    variants: readonly GeneratedVariant[];
    reps: readonly Rep[];
    chunk: number;
    random: Random;
    days?: number;
  },
): Promise<GeneratedOrder[]> {
  const { random } = options;
  const now = Date.now();
  const days = options.days ?? 365;
  const activeCustomers = options.customers.filter((customer) => customer.active);
  const sellable = options.variants.filter((variant) => variant.active);
  const repById = new Map(options.reps.map((rep) => [rep.id, rep]));
  const deviceOf = new Map(options.reps.map((rep) => [rep.id, random.digits(4)]));
  const localCounters = new Map<number, number>();
  const [vat] = rowsOf<{ on: boolean }>(
    await db.execute(
      sql`select coalesce(bool_or(is_enabled), false) as on from company_features where company_id = ${companyId} and code = 'VAT'`,
    ),
  );
  const vatOn = Boolean(vat?.on);

  // Times first, so codes (DH…) follow creation order as the server's counter gives them.
  const times = Array.from({ length: options.orders }, () => orderTime(random, now, days)).sort((a, b) => a - b);
  const firstCode = await firstFreeNumber(db, 'orders', companyId, 'DH', 'order', options.orders);
  const out: GeneratedOrder[] = [];
  for (let start = 0; start < options.orders; start += options.chunk) {
    const size = Math.min(options.chunk, options.orders - start);
    const orderRows: unknown[][] = [];
    const lineRows: unknown[][] = [];
    const historyRows: unknown[][] = [];
    const changes: ChangeInput[] = [];
    for (let i = 0; i < size; i += 1) {
      const created = times[start + i]!;
      const customer = activeCustomers[random.skewed(activeCustomers.length, 1.6)]!;
      const accountId = repById.has(customer.staffId) ? customer.staffId : random.pick(options.reps).id;
      const rep = repById.get(accountId)!;
      const counter = (localCounters.get(accountId) ?? 0) + 1;
      localCounters.set(accountId, counter);
      const id = uuidv7(created);
      const code = formatCode('DH', firstCode + start + i);
      const localNo = `${initials(rep.fullName)}-${deviceOf.get(accountId)}-${counter}`;
      const ageDays = (now - created) / 86_400_000;
      const status = statusFor(random, ageDays);
      const lineCount = random.weighted([
        [1, 25],
        [2, 30],
        [3, 25],
        [4, 12],
        [5, 8],
      ] as const);
      const amounts = [];
      for (let sort = 0; sort < lineCount; sort += 1) {
        const variant = sellable[random.skewed(sellable.length, 2)]!;
        const unit = variant.units.length > 1 && random.chance(0.6) ? variant.units[variant.units.length - 1]! : variant.units[0]!;
        const quantity = unit.factor > 1 ? random.int(1, 10) : random.int(1, 50);
        const wholesale = unit.wholesale !== null && random.chance(0.15);
        const unitPrice = wholesale ? unit.wholesale! : unit.price;
        const discount = random.chance(0.1) ? { kind: 'percent' as const, value: random.pick([2, 3, 5, 10]) } : null;
        const line = lineAmounts({ unitPrice, quantity, discount, vatRate: variant.vatRate, vatOn });
        amounts.push(line);
        lineRows.push([
          uuidv7(created),
          id,
          companyId,
          variant.id,
          variant.productName,
          variant.name,
          variant.code,
          unit.unit,
          unit.factor,
          quantity,
          unitPrice,
          unit.price,
          wholesale ? 'Giá sỉ' : null,
          discount?.kind ?? null,
          discount?.value ?? null,
          line.discount,
          line.vatRate,
          line.vat,
          line.total,
          sort,
        ]);
      }
      const totals = orderTotals(amounts);
      const received = created + (random.chance(0.08) ? random.int(600_000, 6 * 3_600_000) : random.int(500, 20_000));
      const updated =
        status === 'pending' || status === 'draft' ? received : Math.min(now, received + random.int(3_600_000, 3 * 86_400_000));
      orderRows.push([
        id,
        companyId,
        code,
        localNo,
        accountId,
        customer.id,
        customer.code,
        customer.name,
        customer.phone,
        formatAddress({
          scheme: 'VN2025',
          province_code: customer.provinceCode,
          province_name: customer.provinceName,
          district_code: null,
          district_name: null,
          ward_code: customer.wardCode,
          ward_name: customer.wardName,
          street: customer.street,
        }),
        customer.provinceCode,
        customer.wardCode,
        status,
        status === 'cancelled' || status === 'rejected' ? random.pick(REASONS) : null,
        paymentFor(random, status),
        random.chance(0.6) ? new Date(created + random.int(1, 3) * 86_400_000).toISOString().slice(0, 10) : null,
        random.chance(0.1) ? random.pick(['Giao giờ hành chính', 'Gọi trước khi giao', 'Xuất hóa đơn VAT', 'Giao cùng đơn trước']) : null,
        vatOn,
        totals.subtotal,
        totals.discount,
        totals.vat,
        totals.total,
        fold([code, localNo, customer.code, customer.name, customer.phone].filter(Boolean).join(' ')),
        new Date(created).toISOString(),
        new Date(received).toISOString(),
        new Date(updated).toISOString(),
      ]);
      historyRows.push([companyId, id, null, 'pending', null, accountId, new Date(received).toISOString()]);
      if (status !== 'pending') historyRows.push([companyId, id, 'pending', status, null, accountId, new Date(updated).toISOString()]);
      changes.push({ companyId, entity: 'order', entityId: id, op: 'upsert', ownerAccountId: accountId });
      out.push({ id, code, localNo, customerId: customer.id, createdAt: new Date(created).toISOString(), status });
    }
    await db.transaction(async (tx) => {
      await bulkInsert(
        tx,
        'orders',
        [
          ['id', 'uuid'],
          ['company_id', 'int'],
          ['code', 'text'],
          ['local_no', 'text'],
          ['account_id', 'int'],
          ['customer_id', 'uuid'],
          ['customer_code', 'text'],
          ['customer_name', 'text'],
          ['customer_phone', 'text'],
          ['customer_address', 'text'],
          ['province_code', 'text'],
          ['ward_code', 'text'],
          ['status', 'text'],
          ['status_reason', 'text'],
          ['payment_status', 'text'],
          ['delivery_date', 'date'],
          ['note', 'text'],
          ['vat_on', 'boolean'],
          ['subtotal', 'bigint'],
          ['discount_total', 'bigint'],
          ['vat_total', 'bigint'],
          ['total', 'bigint'],
          ['search_text', 'text'],
          ['created_at', 'timestamptz'],
          ['received_at', 'timestamptz'],
          ['updated_at', 'timestamptz'],
        ],
        orderRows,
      );
      await bulkInsert(
        tx,
        'order_lines',
        [
          ['id', 'uuid'],
          ['order_id', 'uuid'],
          ['company_id', 'int'],
          ['variant_id', 'int'],
          ['product_name', 'text'],
          ['variant_name', 'text'],
          ['sku', 'text'],
          ['unit', 'text'],
          ['factor', 'int'],
          ['quantity', 'int'],
          ['unit_price', 'bigint'],
          ['list_price', 'bigint'],
          ['policy_title', 'text'],
          ['discount_kind', 'text'],
          ['discount_value', 'float8'],
          ['discount_amount', 'bigint'],
          ['vat_rate', 'int'],
          ['vat_amount', 'bigint'],
          ['line_total', 'bigint'],
          ['sort', 'int'],
        ],
        lineRows,
      );
      await bulkInsert(
        tx,
        'order_status_history',
        [
          ['company_id', 'int'],
          ['order_id', 'uuid'],
          ['from_status', 'text'],
          ['to_status', 'text'],
          ['reason', 'text'],
          ['account_id', 'int'],
          ['at', 'timestamptz'],
        ],
        historyRows,
      );
      await recordChanges(tx, changes);
    });
  }
  return out;
}

/**
 * Stock on hand for some variants, as an opening-stock receipt of the default warehouse would leave
 * it (server/modules/warehouse): a lot without number per variant, one movement each, and the
 * balances summed from them, so the ledger check holds on generated data too.
 */
async function openingStock(tx: Db, companyId: number, stock: readonly { variantId: number; quantity: number }[]): Promise<void> {
  if (stock.length === 0) return;
  const warehouse = await defaultWarehouse(tx, companyId);
  const [owner] = rowsOf<{ id: number }>(
    await tx.execute(sql`select account_id as id from account_companies where company_id = ${companyId} and is_owner limit 1`),
  );
  const receiptId = uuidv7();
  await tx.execute(sql`
    insert into stock_receipts (id, company_id, kind, code, status, warehouse_id, document_date, source_document, created_by, line_count, total_quantity, search_text)
    values (${receiptId}, ${companyId}, 'import', ${`TDK${receiptId.slice(-6).toUpperCase()}`}, 'completed', ${warehouse.id}, current_date - 400,
            'Tồn đầu kỳ (dữ liệu sinh)', ${Number(owner!.id)}, ${stock.length}, ${stock.reduce((sum, entry) => sum + entry.quantity, 0)}, 'ton dau ky')`);
  const lots = await bulkInsert<{ id: number; variant_id: number }>(
    tx,
    'stock_lots',
    [
      ['company_id', 'int'],
      ['variant_id', 'int'],
      ['lot_no', 'text'],
    ],
    stock.map((entry) => [companyId, entry.variantId, '']),
    'id, variant_id',
  );
  const lotOf = new Map(lots.map((lot) => [Number(lot.variant_id), Number(lot.id)]));
  const openedOn = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
  await bulkInsert(
    tx,
    'stock_moves',
    [
      ['company_id', 'int'],
      ['warehouse_id', 'int'],
      ['variant_id', 'int'],
      ['lot_id', 'int'],
      ['quantity', 'bigint'],
      ['value', 'bigint'],
      ['receipt_id', 'uuid'],
      ['document_date', 'date'],
    ],
    stock.map((entry) => [
      companyId,
      warehouse.id,
      entry.variantId,
      lotOf.get(entry.variantId),
      entry.quantity,
      entry.quantity * 1000,
      receiptId,
      openedOn,
    ]),
  );
  await bulkInsert(
    tx,
    'stock_levels',
    [
      ['company_id', 'int'],
      ['warehouse_id', 'int'],
      ['variant_id', 'int'],
      ['on_hand', 'bigint'],
      ['value', 'bigint'],
    ],
    stock.map((entry) => [companyId, warehouse.id, entry.variantId, entry.quantity, entry.quantity * 1000]),
  );
  await bulkInsert(
    tx,
    'stock_lot_balances',
    [
      ['company_id', 'int'],
      ['warehouse_id', 'int'],
      ['lot_id', 'int'],
      ['variant_id', 'int'],
      ['on_hand', 'bigint'],
    ],
    stock.map((entry) => [companyId, warehouse.id, lotOf.get(entry.variantId), entry.variantId, entry.quantity]),
  );
}

// ---- Everything ------------------------------------------------------------------------------------

/** The tables the generator fills by the ten thousand. */
const BULK_TABLES = [
  'products',
  'variants',
  'variant_units',
  'stock_lots',
  'stock_moves',
  'stock_levels',
  'stock_lot_balances',
  'customers',
  'orders',
  'order_lines',
  'order_status_history',
];

/**
 * Drops the plain (non-unique) secondary indexes of the bulk tables, runs `work`, and builds them
 * again from their own definitions (pg_indexes.indexdef), as pg_restore does: one sort per index
 * instead of a GIN trigram insert per row. Unique indexes and primary keys stay, so every row is
 * still checked. The rebuilt indexes are what VACUUM would leave, so queries see a steady state.
 */
async function withIndexesDeferred<T>(db: Db, work: () => Promise<T>, log: (message: string) => void): Promise<T> {
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(
    await db.execute(sql`
      select i.indexname, i.indexdef from pg_indexes i
      join pg_class c on c.relname = i.indexname
      join pg_index x on x.indexrelid = c.oid
      where i.schemaname = current_schema() and i.tablename = any(${sql.param(BULK_TABLES)}::text[])
        and not x.indisunique and not x.indisprimary`),
  );
  for (const index of indexes) await db.execute(sql.raw(`drop index if exists "${index.indexname}"`));
  try {
    return await work();
  } finally {
    const started = performance.now();
    for (const index of indexes) await db.execute(sql.raw(index.indexdef));
    log(`indexes rebuilt: ${indexes.length} (${((performance.now() - started) / 1000).toFixed(2)}s)`);
  }
}

/** The demo account An (0901234567): a rep of every generated company too. */
async function demoRep(db: Db): Promise<Rep> {
  const [row] = rowsOf<{ id: number; full_name: string; phone: string }>(
    await db.execute(sql`select id, full_name, phone from accounts where phone = '0901234567'`),
  );
  if (!row) throw new Error('demo account 0901234567 missing: seed the demo data first');
  return { id: Number(row.id), fullName: row.full_name, phone: row.phone };
}

export async function generateScaleData(db: Db, companyId: number, options: ScaleOptions): Promise<GeneratedData> {
  const random = seededRandom(options.seed ?? 20_260_101);
  const chunk = options.chunk ?? 5_000;
  const log = options.log ?? (() => undefined);
  const timings: Record<string, number> = {};
  const started = performance.now();

  const reps = await timed(timings, 'reps', async () => [
    await demoRep(db),
    ...(await generateReps(db, companyId, options.reps, random, options.scryptLogN)),
  ]);
  log(`reps: ${reps.length} (${timings.reps}s)`);
  const generate = async () => {
    const variants = await timed(timings, 'catalogue', () =>
      generateCatalogue(db, companyId, { variants: options.variants, stockShare: options.stockShare ?? 0.6, chunk, random }),
    );
    log(`variants: ${variants.length} (${timings.catalogue}s)`);
    const customers = await timed(timings, 'customers', () =>
      generateCustomers(db, companyId, { customers: options.customers, staff: reps, chunk, random }),
    );
    log(`customers: ${customers.length} (${timings.customers}s)`);
    const orders =
      options.orders > 0
        ? await timed(timings, 'orders', () =>
            generateOrders(db, companyId, { orders: options.orders, customers, variants, reps, chunk, random }),
          )
        : [];
    if (options.orders > 0) log(`orders: ${orders.length} (${timings.orders}s)`);
    return { variants, customers, orders };
  };
  const { variants, customers, orders } =
    options.deferIndexes === false
      ? await generate()
      : await timed(timings, 'rowsAndIndexes', () => withIndexesDeferred(db, generate, log));
  // Fresh statistics: the planner must see the big tables as big.
  await timed(timings, 'analyze', () => db.execute(sql`analyze`));
  log(`analyze (${timings.analyze}s)`);
  timings.total = Number(((performance.now() - started) / 1000).toFixed(2));
  return {
    companyId,
    reps,
    customers,
    variants,
    orders,
    counts: {
      reps: reps.length,
      variants: variants.length,
      products: new Set(variants.map((v) => v.productId)).size,
      customers: customers.length,
      orders: orders.length,
    },
    timings,
  };
}
