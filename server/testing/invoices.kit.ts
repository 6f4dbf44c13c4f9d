/**
 * Invoice and accounting tests' setup: the demo server with the providers' simulators and the job
 * queue left to the test, the accountant signed in, and completed orders to bill (made through
 * order.submit, then completed in the database: shipping them is the warehouse's business).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { LoginAnswer } from '@contract/auth';
import type { OrderRecord } from '@contract/orders';
import { companyFeatures, orders } from '@server/kernel/db/schema';
import type { ServerEnv } from '@server/kernel/env';
import { DEMO } from '@server/seed/demo';
import { unguarded } from './change-log-guard';
import { startOrderKit, type OrderKit, type SubmitInput } from './orders.kit';
import type { Simulators } from './test-server';

export const ACCOUNTANT_PHONE = '0912000004';

/** A business buyer with a valid tax code, as the invoice tests bill it. */
export const INVOICE_BUYER = {
  legal_name: 'Nhà thuốc Minh Châu',
  name: 'Nguyễn Thị Châu',
  tax_code: '0100109106',
  address: '12 Lê Lợi, Phường Sài Gòn, TP. Hồ Chí Minh',
  email: 'chau@example.vn',
  phone: '0909123456',
};

export type InvoiceKit = OrderKit & {
  sims: Simulators;
  accountant: LoginAnswer;
  /** Runs the queued jobs until none is due (retries included). */
  drain: () => Promise<void>;
  completedOrder: (input?: Partial<SubmitInput>) => Promise<OrderRecord>;
  completeOrders: (ids: readonly string[]) => Promise<void>;
  setSwitch: (company: number, code: string, on: boolean) => Promise<void>;
};

export async function startInvoiceKit(env: Partial<ServerEnv> = {}): Promise<InvoiceKit> {
  const kit = await startOrderKit({ simulators: true, backgroundJobs: false }, env);
  const sims = kit.server.sims!;
  const accountant = await kit.server.login(ACCOUNTANT_PHONE);
  const { db } = kit.server.deps;

  async function completeOrders(ids: readonly string[]) {
    await unguarded(db, (tx) =>
      tx
        .update(orders)
        .set({ status: 'completed' })
        .where(and(eq(orders.companyId, kit.anKhang), inArray(orders.id, [...ids]))),
    );
  }

  return {
    ...kit,
    sims,
    accountant,
    drain: () => kit.server.deps.jobs.drain({ untilIdle: true, timeoutMs: 60_000 }),
    completeOrders,
    async completedOrder(input = {}) {
      const order = await kit.createOrder({
        customerCode: 'KH000001',
        lines: [
          { variant: kit.variant('Hapacol 500'), unit: kit.variant('Hapacol 500').units.at(-1)!.unit, quantity: 3 },
          { variant: kit.variant('Panadol Extra'), unit: kit.variant('Panadol Extra').units.at(-1)!.unit, quantity: 2 },
        ],
        ...input,
      });
      await completeOrders([order.id]);
      return { ...order, status: 'completed' };
    },
    async setSwitch(company, code, on) {
      await db
        .update(companyFeatures)
        .set({ isEnabled: on })
        .where(and(eq(companyFeatures.companyId, company), eq(companyFeatures.code, code)));
    },
  };
}

export { DEMO };
