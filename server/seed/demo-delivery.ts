/**
 * Deliveries for the demo (docs/delivery.md), seeded when `npm start` seeds the demo with the simulators
 * running (server/server.ts): An Khang's accounts at the three carrier simulators (environment
 * 'simulator', checked there and their webhooks registered, as a person would), self delivery by
 * two of its staff, three confirmed orders, and two of them booked (GHN and GHTK) through the real
 * path with the parcel their goods make (the catalogue's weights and sizes, demo-catalogue.ts):
 * their shipments are made by the job queue as soon as it runs, and the simulators walk them a step
 * every 90 seconds. The third waits to be booked.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { OrderSubmitPayload } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import type { AppDeps } from '@server/kernel/app-types';
import { accountCompanies, accounts, companies, customers, products, variants, variantUnits } from '@server/kernel/db/schema';
import { bookDelivery, connectCarrier, connectSelfDelivery, orderGoods, quoteDelivery } from '@server/modules/delivery';
import { moveOrder, submitOrder } from '@server/modules/orders';
import { memberAccess } from '@server/modules/roles';
import { DEMO } from './demo';

const SENDER = {
  name: 'Kho chính An Khang',
  phone: '02838123456',
  address: '123 Nguyễn Trãi',
  province: 'Thành phố Hồ Chí Minh',
  district: '',
  ward: 'Phường Bến Thành',
};

const ACCOUNTS = [
  { carrier: 'ghn', account_key: '2509881', token: 'ghn-demo-token-ankhang-7c1e' },
  { carrier: 'ghtk', account_key: 'S2509881', token: 'ghtk-demo-token-ankhang-41d0' },
  { carrier: 'vtp', account_key: 'ankhang.demo@viettelpost', token: 'vtp-demo-password-ankhang' },
] as const;

export async function seedDemoDelivery(deps: AppDeps): Promise<void> {
  const { db } = deps;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.title, DEMO.anKhang.title));
  const [an] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phone, DEMO.an.phone));
  if (!company || !an) return;

  for (const account of ACCOUNTS) {
    await connectCarrier(deps, company.id, an.id, {
      company: company.id,
      environment: 'simulator',
      label: null,
      sender: SENDER,
      ...account,
    });
  }
  const staff = await db
    .select({ id: accountCompanies.accountId })
    .from(accountCompanies)
    .where(and(eq(accountCompanies.companyId, company.id), eq(accountCompanies.status, 'accept')))
    .orderBy(asc(accountCompanies.accountId))
    .limit(2);
  await connectSelfDelivery(deps, company.id, an.id, { fee: 20_000, shipper_ids: staff.map((row) => row.id), sender: SENDER });

  const orders = await confirmedOrders(deps, company.id, an.id);
  for (const [index, carrier] of (['ghn', 'ghtk'] as const).entries()) {
    const orderId = orders[index];
    if (!orderId) continue;
    const goods = await orderGoods(db, company.id, orderId);
    const parcel = goods.proposal.parcel;
    const cod = goods.order.total;
    const quotes = await quoteDelivery(deps, company.id, {
      company: company.id,
      order: orderId,
      parcel,
      cod_amount: cod,
      insurance_value: cod,
    });
    const quote = quotes.quotes.find((candidate) => candidate.carrier === carrier);
    if (!quote) continue;
    await bookDelivery(deps, company.id, an.id, {
      company: company.id,
      order: orderId,
      connection_id: quote.connection_id,
      service_id: quote.service_id,
      service_name: quote.service_name,
      fee: quote.fee,
      expected_at: quote.expected_at,
      parcel,
      cod_amount: cod,
      insurance_value: cod,
      receiver_method: 'cho_xem',
      pick_shift: null,
      shipper_id: null,
      note: 'Giao giờ hành chính',
    });
  }
}

/** Three orders of An Khang's first customers, taken by An and confirmed by the office; their ids. */
async function confirmedOrders(deps: AppDeps, companyId: number, accountId: number): Promise<string[]> {
  const { db } = deps;
  const access = await memberAccess(db, { accountId, sessionId: 'seed', accountTypeCode: 'COMPANY' }, companyId);
  const buyers = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.code))
    .limit(3);
  const goods = await db
    .select({ id: variants.id, unit: variantUnits.unit, price: variantUnits.price })
    .from(variants)
    .innerJoin(variantUnits, and(eq(variantUnits.variantId, variants.id), eq(variantUnits.factor, 1)))
    .innerJoin(products, and(eq(products.id, variants.productId), eq(products.companyId, variants.companyId)))
    // Non-prescription goods: the third customer is a drug counter, which may not buy every prescription drug (docs/pharma.md).
    .where(and(eq(variants.companyId, companyId), eq(variants.isActive, true), eq(products.prescription, false)))
    .orderBy(asc(variants.id))
    .limit(6);
  const ids: string[] = [];
  for (const [index, buyer] of buyers.entries()) {
    const now = new Date();
    const payload: OrderSubmitPayload = {
      orderId: uuidv7(),
      localNo: `DEMO-GH-${index + 1}`,
      customerId: buyer.id,
      visitId: null,
      deliveryDate: null,
      note: null,
      lines: goods.slice(index * 2, index * 2 + 2).map((item) => ({
        lineId: uuidv7(),
        variantId: item.id,
        unit: item.unit,
        quantity: 3 + index,
        quotedUnitPrice: item.price,
        discount: null,
      })),
      quotedTotal: 0,
      createdAt: now.toISOString(),
    };
    await db.transaction(async (tx) => {
      await submitOrder({ tx, companyId, accountId, access, deviceId: uuidv7(), opId: uuidv7(), now, clientCreatedAt: now }, payload);
      await moveOrder(tx, { companyId, orderId: payload.orderId, to: 'confirmed', reason: null, accountId });
    });
    ids.push(payload.orderId);
  }
  return ids;
}
