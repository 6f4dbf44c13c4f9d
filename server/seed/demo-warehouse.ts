/**
 * A living warehouse for the demo: An Khang's main warehouse in TP. Hồ Chí Minh and a
 * branch in Hà Nội, lots of every product with expiry dates (a few within 30 and 60 days, one
 * already expired, one recalled), received over the last two months at real-looking costs, a
 * transfer to Hà Nội, a shipment for a pharmacy, and an open count a keeper's phone can take.
 * Minh Phát (WAREHOUSE off) stocks its default warehouse. Written through the module's own
 * receipts, so the ledger and its balances agree.
 */
import { and, eq } from 'drizzle-orm';
import type { ReceiptLineInput } from '@contract/warehouse-receipts';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, stockLots, transferReasons, variants, variantUnits, warehouses } from '@server/kernel/db/schema';
import { createCheck, createReceipt, defaultWarehouse, moveReceipt } from '@server/modules/warehouse';
import { vietnamDay } from '@contract/price-policy';

const day = (offset: number) => vietnamDay(new Date(Date.now() + offset * 86_400_000));

type Catalogue = { id: number; product: string; units: { unit: string; factor: number; price: number }[] }[];

async function catalogue(db: Db, companyId: number): Promise<Catalogue> {
  const rows = await db
    .select({ id: variants.id, code: variants.code, unit: variantUnits.unit, factor: variantUnits.factor, price: variantUnits.price })
    .from(variants)
    .innerJoin(variantUnits, eq(variantUnits.variantId, variants.id))
    .where(eq(variants.companyId, companyId))
    .orderBy(variants.id);
  const byVariant = new Map<number, Catalogue[number]>();
  for (const row of rows) {
    const entry = byVariant.get(row.id) ?? { id: row.id, product: row.code, units: [] };
    entry.units.push({ unit: row.unit, factor: row.factor, price: row.price });
    byVariant.set(row.id, entry);
  }
  return [...byVariant.values()];
}

const biggest = (variant: Catalogue[number]) => [...variant.units].sort((a, b) => b.factor - a.factor)[0]!;

/** Boxes (the biggest unit) of a variant, at a purchase cost about 70 % of its list price; in a lot when given. */
function line(variant: Catalogue[number], boxes: number, lot?: { no: string; madeOn: string; expiresOn: string }): ReceiptLineInput {
  const unit = biggest(variant);
  return {
    variant_id: variant.id,
    unit: unit.unit,
    quantity: boxes,
    document_quantity: boxes,
    unit_price: Math.round((unit.price * 0.7) / 100) * 100,
    lot_id: null,
    lot_no: lot?.no ?? null,
    manufactured_on: lot?.madeOn ?? null,
    expires_on: lot?.expiresOn ?? null,
  };
}

async function keeperOf(db: Db, companyId: number, fallback: number): Promise<number> {
  const [keeper] = await db
    .select({ accountId: accountCompanies.accountId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.code, 'TK001')));
  return keeper?.accountId ?? fallback;
}

export async function seedDemoWarehouse(
  db: Db,
  ids: { anKhangId: number; minhPhatId: number; anId: number; binhId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const companyId = ids.anKhangId;
    const keeper = await keeperOf(tx, companyId, ids.anId);
    const main = await defaultWarehouse(tx, companyId);
    await tx
      .update(warehouses)
      .set({ name: 'Kho chính TP. Hồ Chí Minh', address: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh', keeperId: keeper })
      .where(eq(warehouses.id, main.id));
    const [hanoi] = await tx
      .insert(warehouses)
      .values({ companyId, code: 'KHO02', name: 'Kho Hà Nội', address: '45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội', keeperId: keeper })
      .returning();
    const [reason] = await tx
      .insert(transferReasons)
      .values(['Bổ sung hàng cho chi nhánh', 'Điều chuyển hàng cận hạn', 'Trả hàng về kho chính'].map((title) => ({ companyId, title })))
      .returning();
    const items = await catalogue(tx, companyId);
    // Two purchases: one two months ago (long-dated lots), one last month (some short-dated).
    const first = items.map((variant, index) =>
      line(variant, 40 + (index % 5) * 10, { no: `AK${2501 + index}`, madeOn: day(-240), expiresOn: day(500 + index * 7) }),
    );
    await createReceipt(tx, {
      companyId,
      kind: 'import',
      header: {
        warehouseId: main.id,
        partnerName: 'Công ty CP Dược Hậu Giang',
        sourceDocument: 'Hóa đơn GTGT số 0001234',
        documentDate: day(-60),
      },
      lines: first,
      accountId: keeper,
      status: 'completed',
    });
    const soonDays = [25, 55, 85, -5];
    const second = items
      .slice(0, 8)
      .map((variant, index) =>
        line(variant, 10 + index * 2, { no: `AK${2601 + index}`, madeOn: day(-400), expiresOn: day(soonDays[index % soonDays.length]!) }),
      );
    await createReceipt(tx, {
      companyId,
      kind: 'import',
      header: {
        warehouseId: main.id,
        partnerName: 'Công ty TNHH Zuellig Pharma Việt Nam',
        sourceDocument: 'Hóa đơn GTGT số 0005678',
        documentDate: day(-30),
      },
      lines: second,
      accountId: keeper,
      status: 'completed',
    });
    // One lot recalled by the manufacturer: blocked everywhere, listed with who received it.
    await tx
      .update(stockLots)
      .set({ status: 'recalled', statusReason: 'Công văn thu hồi của Cục Quản lý Dược (demo)' })
      .where(and(eq(stockLots.companyId, companyId), eq(stockLots.lotNo, 'AK2604')));
    const transfer = await createReceipt(tx, {
      companyId,
      kind: 'transfer',
      header: {
        warehouseId: main.id,
        toWarehouseId: hanoi!.id,
        reasonId: reason!.id,
        partnerName: 'Xe công ty 51C-123.45',
        documentDate: day(-20),
      },
      lines: items.slice(0, 6).map((variant) => ({ ...line(variant, 5), unit_price: 0 })),
      accountId: keeper,
      status: 'in_transit',
    });
    await moveReceipt(tx, { companyId, kind: 'transfer', id: transfer, to: 'completed', reason: null, accountId: keeper });
    await createReceipt(tx, {
      companyId,
      kind: 'export',
      header: {
        warehouseId: main.id,
        partnerName: 'Nhà thuốc Hạnh Phúc',
        sourceDocument: 'Xuất bán lẻ',
        documentDate: day(-10),
        note: 'Xuất bán không qua đơn hàng',
      },
      lines: items.slice(2, 5).map((variant) => ({ ...line(variant, 2), unit_price: biggest(variant).price })),
      accountId: keeper,
      status: 'completed',
    });
    await createCheck(tx, {
      companyId,
      warehouseId: main.id,
      documentDate: day(0),
      note: 'Kiểm kê định kỳ quầy thuốc giảm đau',
      variants: items.slice(0, 4).map((variant) => variant.id),
      accountId: keeper,
    });

    const minhPhat = await catalogue(tx, ids.minhPhatId);
    const mpWarehouse = await defaultWarehouse(tx, ids.minhPhatId);
    await createReceipt(tx, {
      companyId: ids.minhPhatId,
      kind: 'import',
      header: { warehouseId: mpWarehouse.id, partnerName: 'Nhà phân phối Hoàng Long', documentDate: day(-15) },
      lines: minhPhat.map((variant) => line(variant, 30)),
      accountId: ids.binhId,
      status: 'completed',
    });
  });
}
