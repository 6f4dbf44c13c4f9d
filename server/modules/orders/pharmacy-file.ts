/**
 * What a pharmacy imports from a shipped order (contract/pharma-delivery-file.ts, docs/pharma.md
 * "Delivery data for pharmacies"): the lots the warehouse's export receipt took (FEFO, base units)
 * with each product's registration number and national drug code, priced as the order charged, as
 * the national `phieu_nhap`; the same facts per order line for the printed note; and the QR's text.
 */
import { and, asc, eq, lt, sql, type SQL } from 'drizzle-orm';
import {
  buildPhieuNhap,
  pharmacyQrText,
  phieuNhapFileName,
  type PharmacyFileAnswer,
  type PharmacyFileLine,
  type PrintLineFacts,
} from '@contract/pharma-delivery-file';
import { vietnamDay } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import {
  companies,
  customers,
  orderLines,
  orders,
  products,
  stockLots,
  stockMoves,
  stockReceipts,
  variants,
  variantUnits,
} from '@server/kernel/db/schema';
import { HttpError, notFound } from '@server/kernel/errors';

/** Statuses in which the goods have left: only then are there lots to hand over. */
const LEFT = ['delivering', 'completed', 'returned'];

type ShippedLot = {
  variantId: number;
  lotNo: string;
  manufacturedOn: string | null;
  expiresOn: string | null;
  quantity: number;
  day: string;
};

/** Base units per (variant, lot) that left with the order's export receipts, first expiry first. */
async function shippedLots(db: Db, companyId: number, orderId: string): Promise<ShippedLot[]> {
  const rows = await db
    .select({
      variantId: stockMoves.variantId,
      lotNo: stockLots.lotNo,
      manufacturedOn: stockLots.manufacturedOn,
      expiresOn: stockLots.expiresOn,
      quantity: sql<string>`-sum(${stockMoves.quantity})`,
      day: sql<string>`max(${stockReceipts.documentDate})`,
    })
    .from(stockMoves)
    .innerJoin(stockReceipts, and(eq(stockReceipts.companyId, stockMoves.companyId), eq(stockReceipts.id, stockMoves.receiptId)))
    .innerJoin(stockLots, and(eq(stockLots.companyId, stockMoves.companyId), eq(stockLots.id, stockMoves.lotId)))
    .where(
      and(
        eq(stockMoves.companyId, companyId),
        eq(stockReceipts.orderId, orderId),
        eq(stockReceipts.kind, 'export'),
        // A cancelled export puts its lots back with moves of its own: the goods did not leave with it.
        eq(stockReceipts.status, 'completed'),
        lt(stockMoves.quantity, 0),
      ),
    )
    .groupBy(stockMoves.variantId, stockLots.id, stockLots.lotNo, stockLots.manufacturedOn, stockLots.expiresOn)
    .orderBy(asc(stockMoves.variantId), sql`${stockLots.expiresOn} asc nulls last`, asc(stockLots.lotNo));
  return rows.map((row) => ({ ...row, quantity: Number(row.quantity) }));
}

async function orderHead(db: Db, companyId: number, orderId: string, scope: SQL | null) {
  const [found] = await db
    .select({ order: orders, outletCode: customers.outletCode, supplier: companies.title })
    .from(orders)
    .innerJoin(customers, and(eq(customers.companyId, orders.companyId), eq(customers.id, orders.customerId)))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId), scope ?? undefined));
  if (!found) throw notFound('Không tìm thấy đơn hàng');
  return found;
}

async function linesWithDrugFacts(db: Db, companyId: number, orderId: string) {
  const baseUnit = db
    .select({ variantId: variantUnits.variantId, unit: variantUnits.unit })
    .from(variantUnits)
    .where(and(eq(variantUnits.companyId, companyId), eq(variantUnits.factor, 1)))
    .as('base_unit');
  return db
    .select({
      line: orderLines,
      registration: products.registrationNumber,
      nationalCode: products.nationalCode,
      isMedicine: products.isMedicine,
      baseUnit: baseUnit.unit,
    })
    .from(orderLines)
    .innerJoin(variants, and(eq(variants.companyId, orderLines.companyId), eq(variants.id, orderLines.variantId)))
    .innerJoin(products, and(eq(products.companyId, variants.companyId), eq(products.id, variants.productId)))
    .leftJoin(baseUnit, eq(baseUnit.variantId, orderLines.variantId))
    .where(and(eq(orderLines.companyId, companyId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.sort));
}

type LineRow = Awaited<ReturnType<typeof linesWithDrugFacts>>[number];

/** Per variant: its name, drug facts, base unit, and what the order charged per base unit before VAT (gifts at 0). */
function variantsOf(lines: readonly LineRow[]) {
  const out = new Map<
    number,
    { name: string; registration: string | null; nationalCode: string | null; unit: string; net: number; base: number }
  >();
  for (const { line, registration, nationalCode, baseUnit } of lines) {
    const current = out.get(line.variantId) ?? {
      name: [line.productName, line.variantName].filter(Boolean).join(' – '),
      registration,
      nationalCode,
      unit: baseUnit ?? line.unit,
      net: 0,
      base: 0,
    };
    current.net += line.lineTotal - line.vatAmount;
    current.base += line.quantity * line.factor;
    out.set(line.variantId, current);
  }
  return out;
}

/** Shares each variant's lots among its order lines in line order (a gift line of the same variant after its paid line). */
function printFacts(lines: readonly LineRow[], lots: readonly ShippedLot[]): PrintLineFacts[] {
  const left = lots.map((lot) => ({ ...lot }));
  return lines.map(({ line, registration, nationalCode }) => {
    let wanted = line.quantity * line.factor;
    const taken: PrintLineFacts['lots'] = [];
    for (const lot of left.filter((candidate) => candidate.variantId === line.variantId && candidate.quantity > 0)) {
      if (wanted <= 0) break;
      const take = Math.min(wanted, lot.quantity);
      taken.push({ lot_no: lot.lotNo || null, expires_on: lot.expiresOn, base_quantity: take });
      lot.quantity -= take;
      wanted -= take;
    }
    return { line_id: line.id, registration_number: registration, national_code: nationalCode, lots: taken };
  });
}

/** An order line's drug facts and the lots it left with, and whether its product is a medicine. */
export type OrderLineDrugFacts = PrintLineFacts & { is_medicine: boolean };

/**
 * Per order line of the orders, by line id: what the printed note shows under it, for the e-invoice's
 * lines (server/modules/invoices/invoice-draft.ts). A line whose goods have not left has no lots.
 */
export async function orderLineDrugFacts(db: Db, companyId: number, orderIds: readonly string[]) {
  const out = new Map<string, OrderLineDrugFacts>();
  for (const orderId of orderIds) {
    const lines = await linesWithDrugFacts(db, companyId, orderId);
    const facts = printFacts(lines, await shippedLots(db, companyId, orderId));
    facts.forEach((fact, index) => out.set(fact.line_id, { ...fact, is_medicine: lines[index]!.isMedicine }));
  }
  return out;
}

/**
 * The pharmacy's file of an order that has left the warehouse (409 before: no lot is known yet).
 * `signedUrl` is where the QR points when the JSON is too large to carry itself.
 */
export async function pharmacyFile(
  db: Db,
  companyId: number,
  orderId: string,
  scope: SQL | null,
  signedUrl: (orderCode: string) => Promise<string>,
): Promise<PharmacyFileAnswer> {
  const head = await orderHead(db, companyId, orderId, scope);
  const lots = await shippedLots(db, companyId, orderId);
  if (lots.length === 0 && !LEFT.includes(head.order.status))
    throw new HttpError(409, 'CONFLICT', 'Đơn hàng chưa xuất kho nên chưa có số lô, hạn dùng để tạo tệp nhập kho cho nhà thuốc');
  const lines = await linesWithDrugFacts(db, companyId, orderId);
  const byVariant = variantsOf(lines);
  const fileLines: PharmacyFileLine[] = [];
  for (const [variantId, variant] of byVariant) {
    const price = variant.base > 0 ? variant.net / variant.base : 0;
    const facts = {
      national_code: variant.nationalCode,
      name: variant.name,
      registration_number: variant.registration,
      base_unit: variant.unit,
      unit_price: price,
    };
    const ofVariant = lots.filter((lot) => lot.variantId === variantId);
    // A variant the warehouse does not track left without a lot: the pharmacy fills it in (a gap).
    if (ofVariant.length === 0)
      fileLines.push({ ...facts, lot_no: null, manufactured_on: null, expires_on: null, base_quantity: variant.base });
    for (const lot of ofVariant)
      fileLines.push({
        ...facts,
        lot_no: lot.lotNo || null,
        manufactured_on: lot.manufacturedOn,
        expires_on: lot.expiresOn,
        base_quantity: lot.quantity,
      });
  }
  const code = head.order.code ?? head.order.localNo;
  const shippedOn = lots.reduce((day, lot) => (lot.day > day ? lot.day : day), '') || vietnamDay(head.order.updatedAt);
  const { phieu_nhap, gaps } = buildPhieuNhap({
    order_code: code,
    shipped_on: shippedOn,
    outlet_code: head.outletCode,
    supplier: head.supplier,
    lines: fileLines,
  });
  return {
    phieu_nhap,
    gaps,
    file_name: phieuNhapFileName(code),
    qr: pharmacyQrText(phieu_nhap, await signedUrl(code)),
    lines: printFacts(lines, lots),
  };
}
