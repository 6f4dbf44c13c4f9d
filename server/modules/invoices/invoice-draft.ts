/**
 * What an invoice for some orders would say, checked before anything is written: the
 * orders exist in the company, are completed, were priced with VAT, belong to one buyer and have
 * no invoice yet; the lines and totals are contract/invoices-totals.ts over the order lines as the
 * orders stored them; the buyer's details default to the customer's.
 */
import { and, desc, eq, inArray, notExists } from 'drizzle-orm';
import { MAX_INVOICE_ORDERS, type InvoiceableOrder, type InvoiceBuyer, type InvoiceDraft } from '@contract/invoices';
import { GIFT_SUFFIX, invoiceTotals, type InvoiceLineSource, type MedicineLot } from '@contract/invoices-totals';
import type { OrderRecord } from '@contract/orders';
import { ORDER_STATUS_LABELS } from '@contract/orders-status';
import type { Db } from '@server/kernel/db/client';
import { customers, einvoiceOrders, einvoices, orders } from '@server/kernel/db/schema';
import { badRequest, conflict, notFound } from '@server/kernel/errors';
import { orderLineDrugFacts, orderRecordsById, type OrderLineDrugFacts } from '@server/modules/orders';
import { ITEM_NAME_MAX } from './invoice-data';
import type { MeInvoiceSettings } from './meinvoice-client';

const codeOf = (order: Pick<OrderRecord, 'code' | 'local_no'>) => order.code ?? order.local_no;

/** The orders' active invoices, by order (an order has at most one). */
export async function activeInvoicesOf(db: Db, companyId: number, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, { id: string; number: string | null }>();
  const rows = await db
    .select({ orderId: einvoiceOrders.orderId, id: einvoices.id, number: einvoices.number })
    .from(einvoiceOrders)
    .innerJoin(einvoices, eq(einvoices.id, einvoiceOrders.invoiceId))
    .where(and(eq(einvoiceOrders.companyId, companyId), eq(einvoiceOrders.active, true), inArray(einvoiceOrders.orderId, [...orderIds])));
  return new Map(rows.map((row) => [row.orderId, { id: row.id, number: row.number }]));
}

export function alreadyInvoiced(order: Pick<OrderRecord, 'code' | 'local_no'>, invoice: { number: string | null }) {
  return conflict(`Đơn hàng ${codeOf(order)} đã có hóa đơn ${invoice.number ? `số ${invoice.number}` : 'đang phát hành'}`);
}

/** The orders, in the order given, each checked; throws the first problem a person can act on. */
export async function invoiceableOrders(
  db: Db,
  companyId: number,
  orderIds: readonly string[],
  except: string | null = null,
): Promise<OrderRecord[]> {
  const found = await orderRecordsById(db, companyId, orderIds);
  const list = orderIds.map((id) => {
    const order = found.get(id);
    if (!order) throw notFound('Không tìm thấy đơn hàng');
    return order;
  });
  for (const order of list) {
    if (order.status !== 'completed') {
      throw badRequest(
        'VALIDATION_FAILED',
        `Đơn hàng ${codeOf(order)} đang "${ORDER_STATUS_LABELS[order.status]}": chỉ xuất hóa đơn cho đơn đã hoàn thành`,
      );
    }
    if (!order.vat_on) {
      throw badRequest(
        'VALIDATION_FAILED',
        `Đơn hàng ${codeOf(order)} được lập khi chưa bật Thuế VAT nên giá chưa có thuế GTGT, không xuất được hóa đơn GTGT`,
      );
    }
  }
  if (new Set(list.map((order) => order.customer_id)).size > 1) {
    throw badRequest('VALIDATION_FAILED', 'Một hóa đơn chỉ gộp các đơn hàng của cùng một khách hàng');
  }
  const invoiced = await activeInvoicesOf(db, companyId, orderIds);
  for (const order of list) {
    const invoice = invoiced.get(order.id);
    if (invoice && invoice.id !== except) throw alreadyInvoiced(order, invoice);
  }
  return list;
}

/**
 * A medicine line as the invoice says it (docs/invoices.md "Medicines"): meInvoice has no field for
 * the registration number or the national drug code (§14.4), so they follow the name, when known; the
 * lots it left with are listed first expiry first, and the one expiry field takes the earliest. A
 * line of other goods, or one whose goods have not left, is its name alone.
 */
export function medicineLine(name: string, facts: OrderLineDrugFacts | undefined): { item_name: string } & MedicineLot {
  if (!facts?.is_medicine) return { item_name: name };
  const said = [
    facts.registration_number && `SĐK ${facts.registration_number}`,
    facts.national_code && `Mã QG ${facts.national_code}`,
  ].filter(Boolean);
  const suffix = said.length > 0 ? ` (${said.join(', ')})` : '';
  const lots = [...new Set(facts.lots.flatMap((lot) => lot.lot_no ?? []))];
  const earliest = facts.lots.flatMap((lot) => lot.expires_on ?? []).sort()[0];
  return {
    // Cut the name, not the registration, should it ever run long (room kept for a gift's suffix).
    item_name: `${name.slice(0, ITEM_NAME_MAX - GIFT_SUFFIX.length - suffix.length)}${suffix}`,
    ...(lots.length > 0 ? { lot_no: lots.join(', ') } : {}),
    ...(earliest ? { expiry_date: earliest } : {}),
  };
}

/**
 * The invoice lines of the orders; `notSubject` names 0 % order lines declared not subject to VAT;
 * `drugFacts` is each order line's drug facts and shipped lots (orderLineDrugFacts).
 */
export function lineSources(
  list: readonly OrderRecord[],
  notSubject: readonly string[],
  drugFacts: ReadonlyMap<string, OrderLineDrugFacts> = new Map(),
): InvoiceLineSource[] {
  const chosen = new Set(notSubject);
  const sources = list.flatMap((order) =>
    order.lines.map((line) => {
      const notSubjectLine = chosen.delete(line.id);
      if (notSubjectLine && line.vat_rate !== 0) {
        throw badRequest('VALIDATION_FAILED', `Chỉ dòng thuế suất 0% mới được ghi "không chịu thuế" (${line.product_name})`);
      }
      return {
        order_line_id: line.id,
        item_code: line.sku,
        ...medicineLine([line.product_name, line.variant_name].filter(Boolean).join(' - '), drugFacts.get(line.id)),
        unit: line.unit,
        quantity: line.quantity,
        unit_price: line.unit_price,
        discount: line.discount_amount + line.promotion_amount,
        vat_percent: line.vat_rate,
        not_subject: notSubjectLine,
        is_gift: line.is_gift,
      } satisfies InvoiceLineSource;
    }),
  );
  if (chosen.size > 0) throw badRequest('VALIDATION_FAILED', 'Dòng hàng không chịu thuế không thuộc các đơn hàng đã chọn');
  return sources;
}

export async function defaultBuyer(db: Db, order: OrderRecord): Promise<InvoiceBuyer> {
  const [customer] = await db
    .select({ name: customers.name, owner: customers.ownerName, taxCode: customers.taxCode, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.companyId, order.company), eq(customers.id, order.customer_id)));
  return {
    legal_name: customer?.name ?? order.customer_name,
    name: customer?.owner ?? null,
    tax_code: customer?.taxCode ?? null,
    address: order.customer_address,
    email: null,
    phone: customer?.phone ?? order.customer_phone,
    code: order.customer_code,
  };
}

export async function invoiceDraft(
  db: Db,
  companyId: number,
  settings: Pick<MeInvoiceSettings, 'templateNo' | 'series'>,
  orderIds: readonly string[],
  notSubject: readonly string[],
): Promise<InvoiceDraft> {
  const list = await invoiceableOrders(db, companyId, orderIds);
  const first = list[0]!;
  const drugFacts = await orderLineDrugFacts(db, companyId, orderIds);
  return {
    ...invoiceTotals(lineSources(list, notSubject, drugFacts)),
    customer_id: first.customer_id,
    customer_name: first.customer_name,
    buyer: await defaultBuyer(db, first),
    orders: list.map((order) => ({ id: order.id, code: order.code })),
    template_no: settings.templateNo,
    series: settings.series,
  };
}

/** A customer's completed orders priced with VAT that no active invoice bills: what may join an invoice. */
export async function invoiceableOrdersOf(db: Db, companyId: number, customerId: string): Promise<InvoiceableOrder[]> {
  const rows = await db
    .select({ id: orders.id, code: orders.code, localNo: orders.localNo, total: orders.total, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.customerId, customerId),
        eq(orders.status, 'completed'),
        eq(orders.vatOn, true),
        notExists(
          db
            .select({ orderId: einvoiceOrders.orderId })
            .from(einvoiceOrders)
            .where(and(eq(einvoiceOrders.companyId, companyId), eq(einvoiceOrders.orderId, orders.id), eq(einvoiceOrders.active, true))),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(MAX_INVOICE_ORDERS);
  return rows.map((row) => ({ id: row.id, code: row.code ?? row.localNo, total: row.total, created_at: row.createdAt.toISOString() }));
}
