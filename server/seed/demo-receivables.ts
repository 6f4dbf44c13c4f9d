/**
 * Receivables for the demo, so the screens are alive on first start: last months'
 * completed orders of An Khang's customers, some paid, some partly, some not, falling due into every
 * aging bucket (not due, 0–30, 31–60, 61–90, over 90 days); a collection by the rep Lê Văn Trình
 * waiting for the cashier; credit limits (one customer over it, one owing past its days, the rep's
 * own); the policy "warn"; a Vietcombank account for VietQR. Orders are all older than this month,
 * so this month's dashboard and KPI start at zero. Payments and the ledger go through the module.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { fold } from '@contract/fold';
import { uuidv7 } from '@contract/uuid';
import { formatCode, nextCounter } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import {
  accounts,
  companyBankAccounts,
  customerCredit,
  customers,
  orderLines,
  orders,
  orderStatusHistory,
  products,
  receivableSettings,
  repCredit,
  variants,
  variantUnits,
} from '@server/kernel/db/schema';
import { addressOf } from '@server/modules/customers';
import { orderChanged, recordPayment } from '@server/modules/receivables';
import { DEMO_STAFF } from './demo-employees';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type DemoOrder = {
  customer: string;
  /** Completed this many days ago (the debt falls due after the customer's credit days). */
  completed: number;
  /** Of the company's dearest units (thùng, hộp), taken in turn. */
  quantities: number[];
  /** Paid: the share of the total, how and how long after completion. */
  paid?: { share: number; method: 'cash' | 'transfer'; after: number; reference?: string };
};

// Credit days 30 unless the customer has their own: days past due = completed − credit days.
const ORDERS: DemoOrder[] = [
  {
    customer: 'KH000001',
    completed: 40,
    quantities: [1, 2],
    paid: { share: 0.4, method: 'transfer', after: 5, reference: 'FT25301001' },
  },
  {
    customer: 'KH000001',
    completed: 95,
    quantities: [1, 5, 4],
    paid: { share: 1, method: 'transfer', after: 20, reference: 'FT25243887' },
  },
  { customer: 'KH000002', completed: 80, quantities: [10, 5] },
  { customer: 'KH000003', completed: 110, quantities: [6, 8, 10], paid: { share: 0.5, method: 'cash', after: 30 } },
  { customer: 'KH000004', completed: 150, quantities: [10, 10], paid: { share: 0.3, method: 'cash', after: 40 } },
  { customer: 'KH000005', completed: 35, quantities: [10, 1], paid: { share: 1, method: 'cash', after: 3 } },
  { customer: 'KH000006', completed: 50, quantities: [1, 1, 4] },
  { customer: 'KH000007', completed: 45, quantities: [2, 6] },
];

/** Own credit terms: KH000001 has 60 days (its 40-day-old order is not due), KH000007 15 days. */
const LIMITS: Record<string, { limit: number | null; days: number | null }> = {
  KH000001: { limit: 50_000_000, days: 60 },
  KH000004: { limit: 10_000_000, days: 30 },
  KH000006: { limit: 3_000_000, days: null },
  KH000007: { limit: null, days: 15 },
};

export async function seedDemoReceivables(db: Db, ids: { anKhangId: number; anId: number }): Promise<void> {
  const companyId = ids.anKhangId;
  const people = await db
    .select({ id: accounts.id, phone: accounts.phone })
    .from(accounts)
    .where(inArray(accounts.phone, [DEMO_STAFF.repSouth, DEMO_STAFF.accountant]));
  const idOf = (phone: string) => people.find((person) => person.phone === phone)?.id ?? ids.anId;
  const units = await db
    .select({
      variantId: variants.id,
      productName: products.name,
      variantName: variants.name,
      sku: variants.code,
      unit: variantUnits.unit,
      factor: variantUnits.factor,
      price: variantUnits.price,
      vatRate: products.vatRate,
    })
    .from(variantUnits)
    .innerJoin(variants, eq(variants.id, variantUnits.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variantUnits.companyId, companyId))
    .orderBy(desc(variantUnits.price), asc(variants.id))
    .limit(6);
  const customerRows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.code, [...new Set(ORDERS.map((order) => order.customer))])));

  await db.transaction(async (tx) => {
    await tx.insert(receivableSettings).values({ companyId, policy: 'warn', defaultCreditDays: 30, agingBounds: [30, 60, 90] });
    await tx.insert(companyBankAccounts).values({
      companyId,
      bankBin: '970436',
      accountNumber: '0071001234567',
      accountName: 'CONG TY DUOC PHAM AN KHANG',
      branch: 'Chi nhánh Sài Gòn',
      isDefault: true,
    });
    for (const [code, terms] of Object.entries(LIMITS)) {
      const customer = customerRows.find((row) => row.code === code);
      if (customer)
        await tx
          .insert(customerCredit)
          .values({ companyId, customerId: customer.id, creditLimit: terms.limit, creditDays: terms.days, updatedBy: ids.anId });
    }
    await tx.insert(repCredit).values({ companyId, accountId: idOf(DEMO_STAFF.repSouth), creditLimit: 200_000_000, creditDays: null });

    for (const [index, plan] of ORDERS.entries()) {
      const customer = customerRows.find((row) => row.code === plan.customer);
      if (!customer) continue;
      const id = uuidv7(ago(plan.completed + 2).getTime());
      const code = formatCode('DH', await nextCounter(tx, companyId, 'order'));
      const lines = plan.quantities.map((quantity, line) => {
        const unit = units[(index + line) % units.length]!;
        const net = unit.price * quantity;
        const vat = Math.round((net * unit.vatRate) / 100);
        return { unit, quantity, vat, total: net + vat };
      });
      const subtotal = lines.reduce((sum, line) => sum + line.unit.price * line.quantity, 0);
      const vatTotal = lines.reduce((sum, line) => sum + line.vat, 0);
      const total = subtotal + vatTotal;
      const accountId = customer.staffId ?? ids.anId;
      await tx.insert(orders).values({
        id,
        companyId,
        code,
        localNo: `AK-DEMO-${index + 1}`,
        accountId,
        customerId: customer.id,
        customerCode: customer.code,
        customerName: customer.name,
        customerPhone: customer.phone,
        customerAddress: formatAddress(addressOf(customer)),
        provinceCode: customer.provinceCode,
        wardCode: customer.wardCode,
        status: 'completed',
        paymentStatus: 'unpaid',
        vatOn: true,
        subtotal,
        discountTotal: 0,
        vatTotal,
        total,
        searchText: fold([code, customer.code, customer.name, customer.phone].filter(Boolean).join(' ')),
        createdAt: ago(plan.completed + 2),
        receivedAt: ago(plan.completed + 2),
        updatedAt: ago(plan.completed),
      });
      await tx.insert(orderLines).values(
        lines.map((line, sort) => ({
          id: uuidv7(),
          orderId: id,
          companyId,
          variantId: line.unit.variantId,
          productName: line.unit.productName,
          variantName: line.unit.variantName,
          sku: line.unit.sku,
          unit: line.unit.unit,
          factor: line.unit.factor,
          quantity: line.quantity,
          unitPrice: line.unit.price,
          listPrice: line.unit.price,
          discountAmount: 0,
          vatRate: line.unit.vatRate,
          vatAmount: line.vat,
          lineTotal: line.total,
          sort,
        })),
      );
      await tx.insert(orderStatusHistory).values([
        { companyId, orderId: id, fromStatus: null, toStatus: 'pending', accountId, at: ago(plan.completed + 2) },
        { companyId, orderId: id, fromStatus: 'pending', toStatus: 'confirmed', accountId: ids.anId, at: ago(plan.completed + 2) },
        { companyId, orderId: id, fromStatus: 'confirmed', toStatus: 'delivering', accountId: ids.anId, at: ago(plan.completed + 1) },
        { companyId, orderId: id, fromStatus: 'delivering', toStatus: 'completed', accountId: ids.anId, at: ago(plan.completed) },
      ]);
      await orderChanged(tx, companyId, id, ago(plan.completed));
      if (plan.paid) {
        const at = ago(plan.completed - plan.paid.after);
        await recordPayment(tx, {
          companyId,
          orderId: id,
          amount: Math.round(total * plan.paid.share),
          method: plan.paid.method,
          reference: plan.paid.reference ?? null,
          collectedBy: plan.paid.method === 'cash' ? accountId : idOf(DEMO_STAFF.accountant),
          confirmedBy: idOf(DEMO_STAFF.accountant),
          source: plan.paid.method === 'cash' ? 'rep' : 'office',
          collectedAt: at,
          now: at,
        });
      }
    }
    // Yesterday the rep took 2.000.000 ₫ at Nhà thuốc KH000004; the cashier has not confirmed it yet.
    const waiting = customerRows.find((row) => row.code === 'KH000004');
    if (waiting)
      await recordPayment(tx, {
        companyId,
        customerId: waiting.id,
        amount: 2_000_000,
        method: 'cash',
        note: 'Thu nợ tại nhà thuốc',
        collectedBy: idOf(DEMO_STAFF.repSouth),
        confirmed: false,
        source: 'rep',
        collectedAt: ago(1),
        now: ago(1),
      });
  });
}
