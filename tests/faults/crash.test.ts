/**
 * Crash safety: the server is killed with SIGKILL while devices submit orders
 * concurrently through /api/sync/push, three times over, and started again on the same data (a
 * PGlite data directory as `npm start` keeps it, or PostgreSQL under scripts/with-pg.sh). The
 * devices then send every op again, as the app does with anything not acknowledged. Afterwards:
 *  - the database opens again (a killed PGlite must not be left unreadable);
 *  - every order the server acknowledged is there exactly once, with all its lines and the totals
 *    it answered; a replay of an acknowledged op answers what it answered the first time;
 *  - no order exists with fewer lines than were submitted (no partial order), and every order has
 *    its processed op (nothing half-written).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { Envelope } from '@contract/envelope';
import type { OrderRecord, OrderSubmitPayload } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import type { OpResult, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { openDatabase } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';
import { createChildStore, startChildServer, type ChildServer, type ChildStore } from './support/child-server';
import { Rng, seedFromEnv } from './support/prng';
import { seconds, table } from './support/report';

const SEED = seedFromEnv('CRASH_SEED', 20261121);
const CYCLES = Number(process.env.CRASH_CYCLES ?? 3);
const DEVICES = 8;
const TAG = `C${(SEED % 36 ** 4).toString(36).toUpperCase()}`;
const MARK = `crash-test ${TAG}`;

type Op = { opId: string; deviceId: string; payload: OrderSubmitPayload };
type Ack = { result: OpResult; order: OrderRecord | undefined };

let tmp: string;
let store: ChildStore;
let child: ChildServer | null = null;

afterAll(async () => {
  await child?.kill9();
  await store?.drop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-crash-'));
  store = await createChildStore(tmp);
}, 60_000);

async function boot(): Promise<ChildServer> {
  return startChildServer({ dataDir: store.dataDir, databaseUrl: store.databaseUrl, logFile: path.join(tmp, 'server.log') });
}

async function call<T>(
  base: string,
  pathname: string,
  token?: string,
  body?: unknown,
  timeoutMs = 20_000,
): Promise<{ status: number; body: Envelope<T> | null }> {
  const response = await fetch(`${base}/api${pathname}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as Envelope<T> };
  } catch {
    return { status: response.status, body: null };
  }
}

/** JSON with sorted keys (a jsonb column gives keys back in its own order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

describe('crash safety: SIGKILL during concurrent order submits', () => {
  it(`every acknowledged order is there exactly once, whole (seed ${SEED})`, async () => {
    const started = Date.now();
    const rng = new Rng(SEED);
    child = await boot();
    const login = await call<LoginAnswer>(child.url, '/account/api/login/', undefined, { phone: '0901234567', password: 'Demo@2026' });
    const session = login.body!.data;
    const companyId = session.account.company_data.find((entry) => entry.company_data.title === 'Công ty Dược phẩm An Khang')!.company;
    const token = session.access;
    const customers = (
      await call<CustomerRecord[]>(child.url, `/customer/api/customer/?company=${companyId}&limit=200`, token)
    ).body!.data.filter((customer) => customer.status === 'active');
    const variants = (
      await call<VariantRecord[]>(child.url, `/product/api/variant/?company=${companyId}&limit=200`, token)
    ).body!.data.filter((variant) => variant.is_active);

    const ops: Op[] = [];
    const acks = new Map<string, Ack>();
    const rejected = new Map<string, OpResult>();
    const replayMismatches: string[] = [];
    let orderNo = 0;
    let pushes = 0;
    let pushesCut = 0;
    const devices = Array.from({ length: DEVICES }, () => uuidv7());

    function newOrder(deviceId: string): Op {
      orderNo += 1;
      const chosen = new Set<number>();
      const lineCount = rng.int(1, 6);
      const lines: OrderSubmitPayload['lines'] = [];
      while (lines.length < lineCount) {
        const variant = rng.pick(variants);
        if (chosen.has(variant.id)) continue;
        chosen.add(variant.id);
        const unit = rng.pick(variant.units);
        lines.push({
          lineId: uuidv7(),
          variantId: variant.id,
          unit: unit.unit,
          quantity: rng.int(1, 9),
          quotedUnitPrice: Math.min(100_000_000_000, unit.price * 2),
          discount: rng.chance(0.25) ? { kind: 'amount', value: rng.int(0, 5_000) } : null,
        });
      }
      const payload: OrderSubmitPayload = {
        orderId: uuidv7(),
        localNo: `${TAG}-CRSH-${orderNo}`,
        customerId: rng.pick(customers).id,
        visitId: null,
        deliveryDate: null,
        note: MARK,
        lines,
        quotedTotal: 0,
        createdAt: new Date().toISOString(),
      };
      const op = { opId: uuidv7(), deviceId, payload };
      ops.push(op);
      return op;
    }

    /** One push; records what the server acknowledged. Returns false when no answer came. */
    async function push(base: string, deviceId: string, batch: Op[], timeoutMs?: number): Promise<boolean> {
      pushes += 1;
      try {
        const answer = await call<PushAnswer>(
          base,
          '/sync/push',
          token,
          {
            company: companyId,
            deviceId,
            ops: batch.map((op) => ({
              opId: op.opId,
              type: 'order.submit',
              schemaVersion: 1,
              clientCreatedAt: op.payload.createdAt,
              payload: op.payload,
              dependsOn: [],
            })),
          },
          timeoutMs,
        );
        if (answer.status !== 200 || !answer.body?.data?.results) return false;
        for (const result of answer.body.data.results) {
          if (result.outcome === 'applied' || result.outcome === 'applied_with_changes') {
            const first = acks.get(result.opId);
            if (!first) acks.set(result.opId, { result, order: result.entity?.data as OrderRecord | undefined });
            else if (canonical(first.result) !== canonical(result))
              replayMismatches.push(
                `op ${result.opId}: first answer ${JSON.stringify(first.result).slice(0, 200)}, replay ${JSON.stringify(result).slice(0, 200)}`,
              );
          } else if (result.outcome === 'rejected') rejected.set(result.opId, result);
        }
        return true;
      } catch {
        pushesCut += 1;
        return false;
      }
    }

    // Each device keeps pushing new orders (1 to 8 per push) until the server dies under it.
    const killTimes: number[] = [];
    const checkedDurable = new Set<string>();
    const notDurable: string[] = [];
    const restartTimes: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      const base = child.url;
      let alive = true;
      const workers = devices.map(async (deviceId) => {
        while (alive) {
          const batch = Array.from({ length: rng.int(1, 8) }, () => newOrder(deviceId));
          if (!(await push(base, deviceId, batch))) break;
        }
      });
      // Long enough for several pushes to be acknowledged before the kill (they are checked after the restart).
      await new Promise((resolve) => setTimeout(resolve, rng.int(1500, 3000)));
      const killedAt = Date.now();
      await child.kill9();
      alive = false;
      killTimes.push(killedAt - started);
      await Promise.all(workers);
      const restartStarted = Date.now();
      child = await boot();
      restartTimes.push(Date.now() - restartStarted);
      // Before anything is sent again: what was acknowledged before the kill survived it.
      for (const [opId, ack] of acks) {
        if (checkedDurable.has(opId) || !ack.order) continue;
        checkedDurable.add(opId);
        const stored = await call<OrderRecord>(child.url, `/order/api/ordercompany/${ack.order.id}/?company=${companyId}`, token);
        if (stored.status !== 200)
          notDurable.push(`order ${ack.order.local_no} acknowledged before the kill: ${stored.status} after the restart`);
        else if (stored.body!.data.lines.length !== ack.order.lines.length || stored.body!.data.total !== ack.order.total)
          notDurable.push(
            `order ${ack.order.local_no}: ${stored.body!.data.lines.length} lines / ${stored.body!.data.total} after the restart, ${ack.order.lines.length} / ${ack.order.total} acknowledged`,
          );
      }
    }

    // The devices send everything again, as the app does with anything not acknowledged; twice,
    // so that acknowledged ops are replayed too.
    for (let round = 0; round < 2; round += 1) {
      for (const deviceId of devices) {
        const mine = ops.filter((op) => op.deviceId === deviceId);
        for (let i = 0; i < mine.length; i += 50) {
          // A generous wait: these must be answered, however busy the machine is.
          const ok = await push(child.url, deviceId, mine.slice(i, i + 50), 120_000);
          expect(ok, 'a replay after the restart is answered').toBe(true);
        }
      }
    }
    await child.stop();
    child = null;

    const handle = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir ?? null });
    const problems: string[] = [];
    const duplicated: string[] = [];
    const lost: string[] = [];
    let ordersOnServer: number;
    try {
      const orders = rowsOf<{
        id: string;
        local_no: string;
        total: string | number;
        subtotal: string | number;
        lines: string | number;
        line_sum: string | number | null;
        history: string | number;
      }>(
        await handle.db.execute(sql`
          select o.id, o.local_no, o.total, o.subtotal,
            (select count(*) from order_lines l where l.order_id = o.id) as lines,
            (select sum(l.line_total) from order_lines l where l.order_id = o.id) as line_sum,
            (select count(*) from order_status_history h where h.order_id = o.id) as history
          from orders o where o.company_id = ${companyId} and o.note = ${MARK}`),
      );
      ordersOnServer = orders.length;
      const processed = rowsOf<{ op_id: string; outcome: string; result: { entity?: { data?: { lines?: unknown[] } } } }>(
        await handle.db.execute(
          sql`select op_id, outcome, result from processed_ops where company_id = ${companyId} and type = 'order.submit'`,
        ),
      );
      const processedById = new Map(processed.map((row) => [row.op_id, row]));
      const byId = new Map<string, typeof orders>();
      for (const row of orders) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
      const byLocalNo = new Map<string, number>();
      for (const row of orders) byLocalNo.set(row.local_no, (byLocalNo.get(row.local_no) ?? 0) + 1);

      for (const op of ops) {
        const rows = byId.get(op.payload.orderId) ?? [];
        const ack = acks.get(op.opId);
        if ((byLocalNo.get(op.payload.localNo) ?? 0) > 1)
          duplicated.push(`order ${op.payload.localNo} exists ${byLocalNo.get(op.payload.localNo)} times`);
        if (rows.length > 0 && Number(rows[0]!.history) !== 1)
          duplicated.push(`order ${op.payload.localNo} has ${rows[0]!.history} status rows`);
        // Whole as the server accepted it: lines the warehouse could not serve are dropped on purpose
        // (applied with changes), so the lines its stored answer lists, not the lines sent.
        const accepted = processedById.get(op.opId)?.result?.entity?.data?.lines?.length ?? op.payload.lines.length;
        if (rows.length > 0 && Number(rows[0]!.lines) !== accepted)
          problems.push(`PARTIAL order ${op.payload.localNo}: ${rows[0]!.lines} of the ${accepted} lines its op was applied with`);
        if (rows.length > 0 && Number(rows[0]!.line_sum ?? 0) !== Number(rows[0]!.total))
          problems.push(`order ${op.payload.localNo}: lines add up to ${rows[0]!.line_sum}, total ${rows[0]!.total}`);
        if (
          rows.length > 0 &&
          processedById.get(op.opId)?.outcome !== 'applied' &&
          processedById.get(op.opId)?.outcome !== 'applied_with_changes'
        )
          problems.push(`order ${op.payload.localNo} exists but its op is ${processedById.get(op.opId)?.outcome ?? 'not recorded'}`);
        if (!ack) continue;
        if (rows.length === 0) {
          lost.push(`order ${op.payload.localNo} was acknowledged (${ack.result.outcome}) but is not on the server`);
          continue;
        }
        const row = rows[0]!;
        if (ack.order && Number(row.total) !== ack.order.total)
          problems.push(`order ${op.payload.localNo}: total ${row.total} on the server, ${ack.order.total} acknowledged`);
        if (ack.order && Number(row.lines) !== ack.order.lines.length)
          problems.push(`order ${op.payload.localNo}: ${row.lines} lines on the server, ${ack.order.lines.length} acknowledged`);
      }
      for (const op of ops) if (!acks.has(op.opId) && !rejected.has(op.opId)) lost.push(`op ${op.opId} never answered after the restart`);
    } finally {
      await handle.close();
    }

    console.info(
      table(`Crash safety — seed ${SEED} (CRASH_SEED to replay), ${store.label}, ${seconds(Date.now() - started)}`, [
        ['devices pushing at once', DEVICES],
        ['SIGKILLs during pushes', CYCLES],
        ['  at (s since start)', killTimes.map((ms) => (ms / 1000).toFixed(1)).join(', ')],
        ['  restart took', restartTimes.map((ms) => seconds(ms)).join(', ')],
        ['orders submitted', ops.length],
        ['pushes / cut by a kill', `${pushes} / ${pushesCut}`],
        ['acknowledged before a kill, checked after the restart', checkedDurable.size],
        ['  missing or changed after the restart (NOT DURABLE)', notDurable.length],
        ['acknowledged (after replays)', acks.size],
        ['rejected', rejected.size],
        ['orders on the server', ordersOnServer],
        ['LOST (acknowledged, missing)', lost.length],
        ['DUPLICATED', duplicated.length],
        ['partial or inconsistent orders', problems.length],
        ['replays answered differently', replayMismatches.length],
      ]),
    );
    expect(notDurable, 'acknowledged before SIGKILL, gone after the restart').toEqual([]);
    expect(lost, 'lost').toEqual([]);
    expect(duplicated, 'duplicated').toEqual([]);
    expect(problems, 'partial or inconsistent orders').toEqual([]);
    expect(replayMismatches, 'a replay answered differently').toEqual([]);
    expect(ordersOnServer).toBe(acks.size);
  }, 600_000);
});
