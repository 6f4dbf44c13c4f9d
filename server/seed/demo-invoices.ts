/**
 * E-invoices and accounting for the demo (docs/invoices.md): An Khang's accounts at meInvoice and AMIS
 * point at the local simulators (environment 'simulator', started beside the app by `npm start`), three orders of last
 * week are completed, and two of them are invoiced through the module's own issuing, so the jobs
 * publish them at the simulator once the server runs and their PDF and XML are kept. The third is
 * left for a person to invoice.
 */
import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { formatAddress } from '@contract/address';
import { fold } from '@contract/fold';
import { lineAmounts, orderTotals } from '@contract/orders-totals';
import { uuidv7 } from '@contract/uuid';
import { saveConnection } from '@server/kernel/connections';
import { formatCode, nextCounter } from '@server/kernel/counters';
import type { Db } from '@server/kernel/db/client';
import {
  accountCompanies,
  customers,
  orderLines,
  orders,
  orderStatusHistory,
  products,
  variants,
  variantUnits,
} from '@server/kernel/db/schema';
import type { Vault } from '@server/kernel/vault';
import { addressOf } from '@server/modules/customers';
import { issueInvoice, type AmisSettings, type MeInvoiceSettings } from '@server/modules/invoices';

/** Valid tax codes (contract/tax-code.ts) for the pharmacies the demo invoices. */
const BUYER_TAX_CODES = ['0100109106', '0101243150'];

/** An Khang's account at the meInvoice simulator: its own tax code, the year's series C..TAA. */
const SETTINGS: MeInvoiceSettings = {
  appId: 'demo-app-ankhang',
  taxCode: '0312345673',
  username: 'ketoan@ankhang.vn',
  templateNo: '1',
  series: `C${String(new Date().getFullYear() % 100).padStart(2, '0')}TAA`,
  sellerLegalName: 'Công ty Dược phẩm An Khang',
  sellerAddress: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh',
  sellerPhone: '02838123456',
  sellerEmail: 'ketoan@ankhang.vn',
  sellerBankAccount: '0071001234567',
  sellerBankName: 'Vietcombank - CN TP. Hồ Chí Minh',
  sendEmail: false,
};

export type Sale = { customerCode: string; items: { product: string; quantity: number }[]; daysAgo: number };

const SALES: Sale[] = [
  {
    customerCode: 'KH000001',
    daysAgo: 6,
    items: [
      { product: 'Hapacol 500', quantity: 10 },
      { product: 'Panadol Extra', quantity: 5 },
    ],
  },
  {
    customerCode: 'KH000002',
    daysAgo: 5,
    items: [
      { product: 'Amoxicillin 500mg', quantity: 8 },
      { product: 'Efferalgan 500mg viên sủi', quantity: 3 },
    ],
  },
  { customerCode: 'KH000001', daysAgo: 3, items: [{ product: 'Cefuroxim 500mg', quantity: 12 }] },
];

/** A completed order of a customer, priced as the cart would (browser tests bill or sync many of them). */
export async function completedOrder(db: Db, companyId: number, accountId: number, sale: Sale): Promise<string | null> {
  const [customer] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.code, sale.customerCode)));
  const rows = await db
    .select({ variant: variants, product: products, unit: variantUnits })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(variantUnits, eq(variantUnits.variantId, variants.id))
    .where(
      and(
        eq(variants.companyId, companyId),
        inArray(
          products.name,
          sale.items.map((item) => item.product),
        ),
      ),
    );
  if (!customer || rows.length === 0) return null;
  const id = uuidv7();
  const at = new Date(Date.now() - sale.daysAgo * 86_400_000);
  const lines = sale.items.flatMap((item, index) => {
    // The biggest unit (hộp) of the product's first variant.
    const row = rows.filter((candidate) => candidate.product.name === item.product).sort((a, b) => b.unit.factor - a.unit.factor)[0];
    if (!row) return [];
    const amounts = lineAmounts({ unitPrice: row.unit.price, quantity: item.quantity, vatRate: row.product.vatRate, vatOn: true });
    return [{ row, item, index, amounts }];
  });
  const totals = orderTotals(lines.map((line) => line.amounts));
  const code = formatCode('DH', await nextCounter(db, companyId, 'order'));
  await db.insert(orders).values({
    id,
    companyId,
    code,
    localNo: `DEMO-HD-${code}`,
    accountId,
    customerId: customer.id,
    customerCode: customer.code,
    customerName: customer.name,
    customerPhone: customer.phone,
    customerAddress: formatAddress(addressOf(customer)),
    provinceCode: customer.provinceCode,
    wardCode: customer.wardCode,
    status: 'completed',
    paymentStatus: 'paid',
    vatOn: true,
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    vatTotal: totals.vat,
    total: totals.total,
    searchText: fold([code, customer.code, customer.name, customer.phone].filter(Boolean).join(' ')),
    createdAt: at,
    receivedAt: at,
    updatedAt: at,
  });
  await db.insert(orderLines).values(
    lines.map(({ row, item, index, amounts }) => ({
      id: uuidv7(),
      orderId: id,
      companyId,
      variantId: row.variant.id,
      productName: row.product.name,
      variantName: row.variant.name,
      sku: row.variant.code,
      unit: row.unit.unit,
      factor: row.unit.factor,
      quantity: item.quantity,
      unitPrice: row.unit.price,
      listPrice: row.unit.price,
      discountAmount: 0,
      vatRate: amounts.vatRate,
      vatAmount: amounts.vat,
      lineTotal: amounts.total,
      sort: index,
    })),
  );
  await db.insert(orderStatusHistory).values(
    (['pending', 'confirmed', 'delivering', 'completed'] as const).map((to, step, all) => ({
      companyId,
      orderId: id,
      fromStatus: step === 0 ? null : all[step - 1]!,
      toStatus: to,
      accountId,
      at: new Date(at.getTime() + step * 3600_000),
    })),
  );
  return id;
}

export async function seedDemoInvoices(db: Db, vault: Vault, ids: { anKhangId: number; anId: number; password: string }): Promise<void> {
  const companyId = ids.anKhangId;
  await saveConnection(db, vault, {
    companyId,
    provider: 'meinvoice',
    label: 'MISA meInvoice',
    environment: 'simulator',
    settings: SETTINGS,
    secrets: { password: ids.password },
  });
  // And to AMIS Kế toán's simulator: its dictionary starts empty, "Gửi danh mục sang MISA" fills it.
  await saveConnection(db, vault, {
    companyId,
    provider: 'amis',
    label: 'MISA AMIS Kế toán',
    environment: 'simulator',
    settings: { appId: 'demo-app-ankhang', orgCompanyCode: 'ANKHANG' } satisfies AmisSettings,
    secrets: { accessCode: 'demo-ma-ket-noi-ankhang', callbackToken: crypto.randomBytes(24).toString('base64url') },
  });
  const [accountant] = await db
    .select({ accountId: accountCompanies.accountId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.code, 'KT001')));
  const accountId = accountant?.accountId ?? ids.anId;
  for (const [index, code] of BUYER_TAX_CODES.entries()) {
    await db
      .update(customers)
      .set({ taxCode: code })
      .where(and(eq(customers.companyId, companyId), eq(customers.code, `KH00000${index + 1}`)));
  }
  const orderIds: string[] = [];
  for (const sale of SALES) {
    const id = await completedOrder(db, companyId, ids.anId, sale);
    if (id) orderIds.push(id);
  }
  // The first two are invoiced; the jobs publish them once the server and its simulators run.
  for (const orderId of orderIds.slice(0, 2)) {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [customer] = await db.select().from(customers).where(eq(customers.id, order!.customerId));
    await issueInvoice(db, {
      company: companyId,
      order_ids: [orderId],
      buyer: {
        legal_name: customer!.name,
        name: customer!.ownerName,
        tax_code: customer!.taxCode,
        address: order!.customerAddress,
        email: null,
        phone: customer!.phone,
      },
      payment_method: 'TM/CK',
      not_subject_lines: [],
      note: null,
      accountId,
      settings: SETTINGS,
    });
  }
}
