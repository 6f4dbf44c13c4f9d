/**
 * What fills a template's parameters (contract/messaging-rules.ts fillTemplateData): an order of the
 * company (and its customer), a customer, and the company itself, read within the company only.
 */
import { and, eq } from 'drizzle-orm';
import type { BindingSource } from '@contract/messaging-rules';
import type { Db } from '@server/kernel/db/client';
import { companies, customers, orders } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';

type CustomerRow = Pick<typeof customers.$inferSelect, 'name' | 'code' | 'phone' | 'ownerName' | 'street' | 'wardName' | 'provinceName'>;

export function customerSource(row: CustomerRow): NonNullable<BindingSource['customer']> {
  const address = [row.street, row.wardName, row.provinceName].filter(Boolean).join(', ');
  return { name: row.name, code: row.code, phone: row.phone, ownerName: row.ownerName, address: address || null };
}

export async function companySource(db: Db, companyId: number): Promise<BindingSource['company']> {
  const [company] = await db.select({ name: companies.title, phone: companies.phone }).from(companies).where(eq(companies.id, companyId));
  return company ?? null;
}

/** The order (with its customer) or the customer named; 404 when it is not the company's. */
export async function loadBindingSource(
  db: Db,
  companyId: number,
  ids: { order?: string | null; customer?: string | null },
): Promise<BindingSource & { customerId: string | null; orderId: string | null }> {
  const company = await companySource(db, companyId);
  let customerId = ids.customer ?? null;
  let order: BindingSource['order'] = null;
  if (ids.order) {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.companyId, companyId), eq(orders.id, ids.order)));
    if (!row) throw notFound('Không tìm thấy đơn hàng');
    order = {
      code: row.code ?? row.localNo,
      total: row.total,
      createdAt: row.createdAt,
      status: row.status,
      deliveryDate: row.deliveryDate,
    };
    customerId = row.customerId;
  }
  let customer: BindingSource['customer'] = null;
  if (customerId) {
    const [row] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
    if (!row) throw notFound('Không tìm thấy khách hàng');
    customer = customerSource(row);
  }
  return { company, order, customer, customerId, orderId: ids.order ?? null };
}
