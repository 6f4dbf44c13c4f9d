/**
 * The floor beside each server call of tests/bench/server-load.ts: the same HTTP stack (Hono on
 * @hono/node-server, the app's database client and pool) answering a request that runs only that
 * call's main SQL statement, with no sign-in, no membership check, no other query and no record
 * mapping. A call's req/s against its floor's, in one run on one machine, says how far the call is
 * from the limit of this stack; the aim is within 2× of it.
 *
 *   customer list page  → the page's select (server/modules/customers/customer-list.ts customerPage)
 *   variant search      → the page's id select with the count of what the search found
 *                         (server/modules/products/catalogue-lists.ts searchedVariantPage)
 *   order submit        → the order row's insert in a transaction, rolled back (order-submit.ts inserts
 *                         the same row), so running the floor leaves nothing in the database
 *
 * Started by server-load.ts as its own process with the server's DATABASE_URL or DATA_DIR; prints
 * `floor listening on <url>` once it answers.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import * as v from 'valibot';
import { CustomerListQuery } from '@contract/customers';
import { VariantListQuery } from '@contract/products';
import { uuidv7 } from '@contract/uuid';
import { openDatabase } from '@server/kernel/db/client';
import { orders } from '@server/kernel/db/schema';
import { readEnv } from '@server/kernel/env';
import { customerPage } from '@server/modules/customers/customer-list';
import { searchedVariantPage } from '@server/modules/products/catalogue-lists';

const env = readEnv();
const { db } = await openDatabase({ databaseUrl: env.databaseUrl, replicaUrl: null, dataDir: env.dataDir });

const RolledBack = Symbol('rolled back');
const OrderRow = v.object({ company: v.number(), account: v.number(), customer: v.string(), localNo: v.string() });

const app = new Hono();
app.get('/floor/customer-list', async (c) => {
  const query = v.parse(CustomerListQuery, c.req.query());
  return c.json({ data: await customerPage(db, query) });
});
app.get('/floor/variant-search', async (c) => {
  const query = v.parse(VariantListQuery, c.req.query());
  return c.json({ data: await searchedVariantPage(db, query, query.limit, (query.page - 1) * query.limit) });
});
app.post('/floor/order-submit', async (c) => {
  const row = v.parse(OrderRow, await c.req.json());
  const id = uuidv7();
  await db
    .transaction(async (tx) => {
      await tx.insert(orders).values({
        id,
        companyId: row.company,
        code: `FLOOR-${id}`,
        localNo: row.localNo,
        accountId: row.account,
        customerId: row.customer,
        customerCode: 'FLOOR',
        customerName: 'Floor',
        status: 'pending',
        vatOn: false,
        subtotal: 0,
        discountTotal: 0,
        vatTotal: 0,
        total: 0,
        createdAt: new Date(),
      });
      throw RolledBack;
    })
    .catch((error: unknown) => {
      if (error !== RolledBack) throw error;
    });
  return c.json({ data: { id } });
});

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => {
  console.info(`floor listening on http://127.0.0.1:${info.port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
