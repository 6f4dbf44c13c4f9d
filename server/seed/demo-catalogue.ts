/**
 * Demo catalogue: a Vietnamese pharmacy distributor's products for An Khang (real-looking
 * registration numbers, manufacturers, units hộp / vỉ / viên with prices and EAN-13 barcodes of the
 * Vietnamese prefix 893), a few general goods for Minh Phát (company type Khác), two price
 * policies for An Khang, and the customer group "Đại lý cấp 1" buying at wholesale prices. Written
 * through the same code as the API (so search text and change-log rows are right). Runs once: a
 * company that already has products is left alone.
 */
import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { PricePolicyInputSchema } from '@contract/price-policy';
import { ProductInputSchema, type VatRate } from '@contract/products';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customerTypes, products, variants } from '@server/kernel/db/schema';
import { recordChange } from '@server/kernel/sync/change-log';
import { createPolicy } from '@server/modules/price-policy';
import { saveProduct, OPTION_KINDS, type OptionKind } from '@server/modules/products';

/** EAN-13 with its check digit: weights 1 and 3 from the left over the first twelve digits. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got ${first12}`);
  const sum = [...first12].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13(code.slice(0, 12)) === code;
}

type DemoUnit = [unit: string, factor: number, price: number, wholesale: number | null, barcode: boolean];
type DemoVariant = { name?: string; units: DemoUnit[] };
type DemoProduct = {
  name: string;
  ingredient?: string;
  strength?: string;
  reg?: string;
  maker: string;
  country: string;
  brand?: string;
  category: string;
  group: string;
  vat: VatRate;
  variants: DemoVariant[];
};

const tablet = (retail: number, wholesale: number, strip = 10, box = 100): DemoUnit[] => [
  ['viên', 1, retail, null, false],
  ['vỉ', strip, retail * strip, Math.round((wholesale * strip) / 100) * 100, true],
  ['hộp', box, Math.round((retail * box * 0.95) / 1000) * 1000, Math.round((wholesale * box * 0.95) / 1000) * 1000, true],
];

const OTC = 'Thuốc không kê đơn';
const ETC = 'Thuốc kê đơn';
const TPCN = 'Thực phẩm chức năng';

const AN_KHANG: DemoProduct[] = [
  {
    name: 'Hapacol 500',
    ingredient: 'Paracetamol',
    strength: '500mg',
    reg: 'VD-21137-14',
    maker: 'DHG Pharma',
    country: 'Việt Nam',
    brand: 'Hapacol',
    category: 'Giảm đau, hạ sốt',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(500, 420) }],
  },
  {
    name: 'Hapacol 250 bột sủi trẻ em',
    ingredient: 'Paracetamol',
    strength: '250mg',
    reg: 'VD-20568-14',
    maker: 'DHG Pharma',
    country: 'Việt Nam',
    brand: 'Hapacol',
    category: 'Giảm đau, hạ sốt',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['gói', 1, 2500, 2100, true],
          ['hộp', 24, 58000, 49000, true],
        ],
      },
    ],
  },
  {
    name: 'Panadol Extra',
    ingredient: 'Paracetamol, Caffeine',
    strength: '500mg; 65mg',
    reg: 'VN-19865-16',
    maker: 'Sanofi',
    country: 'Úc',
    brand: 'Panadol',
    category: 'Giảm đau, hạ sốt',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(1500, 1300, 12, 180) }],
  },
  {
    name: 'Efferalgan 500mg viên sủi',
    ingredient: 'Paracetamol',
    strength: '500mg',
    reg: 'VN-19226-15',
    maker: 'UPSA (Bristol-Myers Squibb)',
    country: 'Pháp',
    brand: 'Efferalgan',
    category: 'Giảm đau, hạ sốt',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['viên', 1, 3000, 2600, false],
          ['vỉ', 4, 12000, 10400, true],
          ['hộp', 16, 46000, 40000, true],
        ],
      },
    ],
  },
  {
    name: 'Amoxicillin 500mg',
    ingredient: 'Amoxicillin trihydrat',
    strength: '500mg',
    reg: 'VD-25474-16',
    maker: 'Imexpharm',
    country: 'Việt Nam',
    brand: 'Imexpharm',
    category: 'Kháng sinh',
    group: ETC,
    vat: 5,
    variants: [{ units: tablet(900, 750) }],
  },
  {
    name: 'Cefuroxim 500mg',
    ingredient: 'Cefuroxim axetil',
    strength: '500mg',
    reg: 'VD-27893-17',
    maker: 'Imexpharm',
    country: 'Việt Nam',
    brand: 'Imexpharm',
    category: 'Kháng sinh',
    group: ETC,
    vat: 5,
    variants: [
      {
        units: [
          ['viên', 1, 7500, 6500, false],
          ['hộp', 10, 72000, 62000, true],
        ],
      },
    ],
  },
  {
    name: 'Vitamin C 1000mg sủi',
    ingredient: 'Acid ascorbic',
    strength: '1000mg',
    reg: 'VD-28111-17',
    maker: 'Stada Việt Nam',
    country: 'Việt Nam',
    brand: 'Stada',
    category: 'Vitamin và khoáng chất',
    group: TPCN,
    vat: 5,
    variants: [
      {
        name: 'Hương cam',
        units: [
          ['viên', 1, 4000, 3400, false],
          ['tuýp', 10, 38000, 32000, true],
        ],
      },
      {
        name: 'Hương chanh',
        units: [
          ['viên', 1, 4000, 3400, false],
          ['tuýp', 10, 38000, 32000, true],
        ],
      },
    ],
  },
  {
    name: 'Berberin 100mg',
    ingredient: 'Berberin clorid',
    strength: '100mg',
    reg: 'VD-20543-14',
    maker: 'Mekophar',
    country: 'Việt Nam',
    category: 'Tiêu hóa',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['viên', 1, 100, 80, false],
          ['lọ', 100, 9500, 8000, true],
        ],
      },
    ],
  },
  {
    name: 'Smecta',
    ingredient: 'Diosmectit',
    strength: '3g',
    reg: 'VN-16735-13',
    maker: 'Ipsen Industrie',
    country: 'Pháp',
    brand: 'Smecta',
    category: 'Tiêu hóa',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['gói', 1, 4200, 3600, true],
          ['hộp', 30, 120000, 104000, true],
        ],
      },
    ],
  },
  {
    name: 'Oresol 245',
    ingredient: 'Natri clorid, Kali clorid, Natri citrat, Glucose',
    strength: '4,1g',
    reg: 'VD-23356-15',
    maker: 'DHG Pharma',
    country: 'Việt Nam',
    category: 'Tiêu hóa',
    group: OTC,
    vat: 5,
    variants: [
      {
        name: 'Hương cam',
        units: [
          ['gói', 1, 2000, 1700, true],
          ['hộp', 20, 38000, 32000, true],
        ],
      },
      {
        name: 'Không hương',
        units: [
          ['gói', 1, 1800, 1500, true],
          ['hộp', 20, 34000, 29000, true],
        ],
      },
    ],
  },
  {
    name: 'Omeprazol 20mg',
    ingredient: 'Omeprazol',
    strength: '20mg',
    reg: 'VD-26791-17',
    maker: 'Domesco',
    country: 'Việt Nam',
    category: 'Tiêu hóa',
    group: ETC,
    vat: 5,
    variants: [{ units: tablet(600, 480) }],
  },
  {
    name: 'Eugica',
    ingredient: 'Eucalyptol, tinh dầu gừng, tinh dầu tần',
    strength: '100mg',
    reg: 'VD-24962-16',
    maker: 'OPC',
    country: 'Việt Nam',
    brand: 'Eugica',
    category: 'Hô hấp',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(800, 680) }],
  },
  {
    name: 'Decolgen Forte',
    ingredient: 'Paracetamol, Phenylephrin, Clorpheniramin',
    strength: '500mg; 10mg; 2mg',
    reg: 'VD-22215-15',
    maker: 'United Pharma Việt Nam',
    country: 'Việt Nam',
    brand: 'Decolgen',
    category: 'Hô hấp',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(1200, 1000, 4, 100) }],
  },
  {
    name: 'Tiffy Dey',
    ingredient: 'Paracetamol, Phenylephrin, Clorpheniramin',
    strength: '500mg; 10mg; 2mg',
    reg: 'VD-23698-15',
    maker: 'Thai Nakorn Patana Việt Nam',
    country: 'Việt Nam',
    brand: 'Tiffy',
    category: 'Hô hấp',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(1000, 850, 4, 100) }],
  },
  {
    name: 'Thuốc ho bổ phế Nam Hà chỉ khái lộ',
    ingredient: 'Bạch linh, Cát cánh, Tỳ bà diệp, Tang bạch bì',
    strength: '125ml',
    reg: 'VD-30321-18',
    maker: 'Dược phẩm Nam Hà',
    country: 'Việt Nam',
    category: 'Hô hấp',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['chai', 1, 42000, 36000, true],
          ['thùng', 40, 1600000, 1380000, true],
        ],
      },
    ],
  },
  {
    name: 'Loratadin 10mg',
    ingredient: 'Loratadin',
    strength: '10mg',
    reg: 'VD-25120-16',
    maker: 'Traphaco',
    country: 'Việt Nam',
    brand: 'Traphaco',
    category: 'Dị ứng',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(400, 320) }],
  },
  {
    name: 'Nifedipin T20 Stada retard',
    ingredient: 'Nifedipin',
    strength: '20mg',
    reg: 'VD-23789-15',
    maker: 'Stada Việt Nam',
    country: 'Việt Nam',
    brand: 'Stada',
    category: 'Tim mạch',
    group: ETC,
    vat: 5,
    variants: [{ units: tablet(700, 580) }],
  },
  {
    name: 'Amlodipin 5mg',
    ingredient: 'Amlodipin besilat',
    strength: '5mg',
    reg: 'VD-24441-16',
    maker: 'Domesco',
    country: 'Việt Nam',
    category: 'Tim mạch',
    group: ETC,
    vat: 5,
    variants: [{ units: tablet(500, 400, 10, 30) }],
  },
  {
    name: 'Metformin Stada 850mg',
    ingredient: 'Metformin hydroclorid',
    strength: '850mg',
    reg: 'VD-21895-14',
    maker: 'Stada Việt Nam',
    country: 'Việt Nam',
    brand: 'Stada',
    category: 'Đái tháo đường',
    group: ETC,
    vat: 5,
    variants: [{ units: tablet(900, 760, 10, 50) }],
  },
  {
    name: 'Boganic',
    ingredient: 'Cao actiso, cao rau đắng đất, cao bìm bìm',
    strength: '170mg',
    reg: 'VD-26567-17',
    maker: 'Traphaco',
    country: 'Việt Nam',
    brand: 'Traphaco',
    category: 'Tiêu hóa',
    group: TPCN,
    vat: 5,
    variants: [{ units: tablet(1100, 900, 10, 50) }],
  },
  {
    name: 'Hoạt huyết dưỡng não',
    ingredient: 'Cao đinh lăng, cao bạch quả',
    strength: '150mg; 5mg',
    reg: 'VD-27012-17',
    maker: 'Traphaco',
    country: 'Việt Nam',
    brand: 'Traphaco',
    category: 'Tim mạch',
    group: OTC,
    vat: 5,
    variants: [{ units: tablet(900, 750, 20, 100) }],
  },
  {
    name: 'Salonpas',
    ingredient: 'Methyl salicylat, L-menthol, DL-camphor',
    strength: '6,5cm x 4,2cm',
    reg: 'VD-22930-15',
    maker: 'Hisamitsu Việt Nam',
    country: 'Việt Nam',
    brand: 'Salonpas',
    category: 'Dùng ngoài',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['miếng', 1, 1500, 1250, false],
          ['hộp', 20, 28000, 24000, true],
        ],
      },
    ],
  },
  {
    name: 'Betadine Antiseptic Solution 10%',
    ingredient: 'Povidon iod',
    strength: '10%',
    reg: 'VN-20152-16',
    maker: 'Mundipharma',
    country: 'Síp',
    brand: 'Betadine',
    category: 'Dùng ngoài',
    group: OTC,
    vat: 5,
    variants: [
      {
        name: '125ml',
        units: [
          ['chai', 1, 68000, 59000, true],
          ['thùng', 48, 3100000, 2700000, true],
        ],
      },
      { name: '500ml', units: [['chai', 1, 195000, 172000, true]] },
    ],
  },
  {
    name: 'Dầu gió Trường Sơn',
    ingredient: 'Menthol, tinh dầu bạc hà, tinh dầu khuynh diệp',
    strength: '12ml',
    reg: 'VD-25871-16',
    maker: 'Dược phẩm Trường Sơn',
    country: 'Việt Nam',
    brand: 'Trường Sơn',
    category: 'Dùng ngoài',
    group: OTC,
    vat: 5,
    variants: [
      {
        units: [
          ['chai', 1, 18000, 15000, true],
          ['hộp', 12, 200000, 172000, true],
        ],
      },
    ],
  },
  {
    name: 'Siro ho Prospan',
    ingredient: 'Cao khô lá thường xuân',
    strength: '100ml',
    reg: 'VN-20870-17',
    maker: 'Engelhard Arzneimittel',
    country: 'Đức',
    category: 'Hô hấp',
    group: OTC,
    vat: 5,
    variants: [{ units: [['chai', 1, 85000, 76000, true]] }],
  },
];

const MINH_PHAT: DemoProduct[] = [
  {
    name: 'Khẩu trang y tế 4 lớp',
    maker: 'Công ty TNHH Famapro',
    country: 'Việt Nam',
    brand: 'Famapro',
    category: 'Đồ dùng y tế',
    group: 'Hàng tiêu dùng',
    vat: 8,
    variants: [
      {
        units: [
          ['cái', 1, 1000, 800, false],
          ['hộp', 50, 45000, 38000, true],
        ],
      },
    ],
  },
  {
    name: 'Nước rửa tay Lifebuoy 500ml',
    maker: 'Unilever Việt Nam',
    country: 'Việt Nam',
    brand: 'Lifebuoy',
    category: 'Chăm sóc cá nhân',
    group: 'Hàng tiêu dùng',
    vat: 10,
    variants: [
      {
        units: [
          ['chai', 1, 89000, 78000, true],
          ['thùng', 24, 2050000, 1800000, true],
        ],
      },
    ],
  },
  {
    name: 'Nước suối Aquafina 500ml',
    maker: 'Suntory PepsiCo Việt Nam',
    country: 'Việt Nam',
    brand: 'Aquafina',
    category: 'Đồ uống',
    group: 'Hàng tiêu dùng',
    vat: 10,
    variants: [
      {
        units: [
          ['chai', 1, 5000, 4000, true],
          ['thùng', 24, 105000, 92000, true],
        ],
      },
    ],
  },
  {
    name: 'Bông y tế Bạch Tuyết 100g',
    maker: 'Bông Bạch Tuyết',
    country: 'Việt Nam',
    brand: 'Bạch Tuyết',
    category: 'Đồ dùng y tế',
    group: 'Hàng tiêu dùng',
    vat: 8,
    variants: [
      {
        units: [
          ['túi', 1, 22000, 19000, true],
          ['thùng', 50, 1050000, 920000, true],
        ],
      },
    ],
  },
];

async function optionIds(tx: Db, kind: Exclude<OptionKind, 'unit'>, companyId: number, titles: (string | undefined)[]) {
  const { table } = OPTION_KINDS[kind];
  const unique = [...new Set(titles.filter((title): title is string => Boolean(title)))];
  const rows = await tx
    .insert(table)
    .values(unique.map((title) => ({ companyId, title })))
    .returning({ id: table.id, title: table.title });
  return new Map(rows.map((row) => [row.title, row.id]));
}

async function seedProducts(tx: Db, companyId: number, list: DemoProduct[], barcodePrefix: string): Promise<Map<string, number>> {
  const brands = await optionIds(
    tx,
    'brand',
    companyId,
    list.map((p) => p.brand),
  );
  const categories = await optionIds(
    tx,
    'category',
    companyId,
    list.map((p) => p.category),
  );
  const groups = await optionIds(
    tx,
    'group',
    companyId,
    list.map((p) => p.group),
  );
  let serial = 0;
  const ids = new Map<string, number>();
  for (const product of list) {
    const input = v.parse(ProductInputSchema, {
      company: companyId,
      name: product.name,
      active_ingredient: product.ingredient ?? null,
      strength: product.strength ?? null,
      registration_number: product.reg ?? null,
      manufacturer: product.maker,
      country: product.country,
      brand_id: product.brand ? brands.get(product.brand) : null,
      category_id: categories.get(product.category),
      group_id: groups.get(product.group),
      vat_rate: product.vat,
      variants: product.variants.map((variant) => ({
        name: variant.name ?? '',
        units: variant.units.map(([unit, factor, price, wholesale, barcode]) => {
          serial += 1;
          return {
            unit,
            factor,
            price,
            wholesale_price: wholesale,
            barcode: barcode ? ean13(`${barcodePrefix}${String(serial).padStart(5, '0')}`) : null,
          };
        }),
      })),
    });
    ids.set(product.name, await saveProduct(tx, companyId, input, null));
  }
  return ids;
}

async function variantOf(tx: Db, productId: number | undefined): Promise<number> {
  const [row] = await tx
    .select({ id: variants.id })
    .from(variants)
    .where(eq(variants.productId, productId ?? 0))
    .orderBy(variants.id)
    .limit(1);
  if (!row) throw new Error('demo variant missing');
  return row.id;
}

async function seedPolicies(tx: Db, companyId: number, productIds: Map<string, number>): Promise<void> {
  const [hospital] = await tx
    .select({ id: customerTypes.id })
    .from(customerTypes)
    .where(and(eq(customerTypes.companyId, companyId), eq(customerTypes.title, 'Nhà thuốc bệnh viện')));
  const [diamond] = await tx
    .select({ id: customerLevels.id })
    .from(customerLevels)
    .where(and(eq(customerLevels.companyId, companyId), eq(customerLevels.title, 'Kim cương')));
  if (hospital) {
    const amoxicillin = await variantOf(tx, productIds.get('Amoxicillin 500mg'));
    const hapacol = await variantOf(tx, productIds.get('Hapacol 500'));
    const betadine = await variantOf(tx, productIds.get('Betadine Antiseptic Solution 10%'));
    const metformin = await variantOf(tx, productIds.get('Metformin Stada 850mg'));
    await createPolicy(
      tx,
      companyId,
      v.parse(PricePolicyInputSchema, {
        company: companyId,
        title: 'Nhà thuốc bệnh viện – giá ưu đãi',
        customer_type_id: hospital.id,
        priority: 10,
        note: 'Giá cố định cho nhà thuốc bệnh viện theo hợp đồng năm',
        items: [
          { variant_id: amoxicillin, unit: 'hộp', price: 76000 },
          { variant_id: amoxicillin, unit: 'viên', price: 800 },
          { variant_id: hapacol, unit: 'hộp', price: 40000 },
          { variant_id: betadine, unit: 'chai', price: 60000 },
          { variant_id: metformin, unit: 'viên', price: 780 },
        ],
      }),
    );
  }
  if (diamond) {
    await createPolicy(
      tx,
      companyId,
      v.parse(PricePolicyInputSchema, {
        company: companyId,
        title: 'Khách hàng Kim cương',
        level_id: diamond.id,
        discount_percent: 5,
        note: 'Chiết khấu 5% trên giá niêm yết',
      }),
    );
  }
}

export async function seedDemoCatalogue(db: Db, input: { anKhangId: number; minhPhatId: number }): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(products).where(eq(products.companyId, input.anKhangId));
  if (Number(existing?.n ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(OPTION_KINDS.unit.table).values({ companyId: input.anKhangId, title: 'miếng' });
    const ids = await seedProducts(tx, input.anKhangId, AN_KHANG, '8936045');
    await seedProducts(tx, input.minhPhatId, MINH_PHAT, '8935217');
    await seedPolicies(tx, input.anKhangId, ids);
    const wholesale = await tx
      .update(customerTypes)
      .set({ isWholesale: true, updatedAt: new Date() })
      .where(and(eq(customerTypes.companyId, input.anKhangId), eq(customerTypes.title, 'Đại lý cấp 1')))
      .returning({ id: customerTypes.id });
    for (const group of wholesale) {
      await recordChange(tx, { companyId: input.anKhangId, entity: 'customer_type', entityId: group.id, op: 'upsert' });
    }
  });
}
