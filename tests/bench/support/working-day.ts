/**
 * A rep's working day as calls to the server (tests/bench/capacity.ts; the model is in
 * docs/performance.md "Capacity"): how many of each call one active rep causes in a working day,
 * and the requests themselves, built from the seeded company's own customers, variants and reps.
 */
import { customerPaths, type CustomerRecord } from '@contract/customers';
import { foldedWords } from '@contract/fold';
import { orderPaths, type OrderSubmitPayload } from '@contract/orders';
import { productPaths, type VariantRecord } from '@contract/products';
import type { PaymentCollectPayload } from '@contract/receivables';
import { reportPaths } from '@contract/reports';
import { syncPaths, type PullAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitCheckInPayload, VisitCheckOutPayload } from '@contract/visits';
import { seededRandom, type Random } from '../datagen/random';
import { api, query, signIn } from './load-server';

/** A working day, in seconds (8 hours in the field). */
export const DAY_SECONDS = 8 * 3_600;
/** The busiest hour carries this many times an average hour's calls (mornings, and the month's last days). */
export const PEAK_FACTOR = 3;

/**
 * Calls one active rep causes in a working day, with the office work that comes with them. Visits:
 * about 25 outlets a day (research: pharma-and-field.md, MobiWork's route plan, [MW1]); an order at
 * 4 of 10 visits; 3 collections. The phone pulls every 5 minutes (src/sync/engine.ts PULL_TICK_MS)
 * and after each push. One office person per 20 reps lists and searches 300 times a day, confirms
 * each order once, opens 10 reports and exports one to Excel.
 */
export const WORKING_DAY = {
  'phone pull': 96 + 25 + 25 + 10 + 3,
  'visit check-in': 25,
  'visit check-out': 25,
  'order submit': 10,
  'payment collect': 3,
  'office list / search': 300 / 20,
  'office confirm': 10,
  report: 10 / 20,
  'report Excel export': 1 / 20,
} as const;
export type CallClass = keyof typeof WORKING_DAY;

/** Calls per second of each class at the peak hour, for this many active reps. */
export function peakRates(reps: number): Record<CallClass, number> {
  return Object.fromEntries(
    Object.entries(WORKING_DAY).map(([name, perDay]) => [name, (reps * perDay * PEAK_FACTOR) / DAY_SECONDS]),
  ) as Record<CallClass, number>;
}

export type Request = { method: 'GET' | 'POST' | 'PUT'; path: string; token: string; body?: unknown };
/** What an answer tells the next requests (a submitted order to confirm, a pull's cursor). */
export type Answer = { status: number; body: unknown };
export type Planned = { request: Request; answered?: (answer: Answer) => void };

/** Where a virtual rep's phone is in the change log: it pulls from there, as a device that has synced. */
type Phone = { token: string; cursor: number; scope: string | undefined };

/** A signed-in rep's device at the head of the log: its first sync paged through, as a real phone's. */
async function syncedPhone(url: string, token: string, company: number): Promise<Phone> {
  let cursor = 0;
  let scope: string | undefined;
  for (;;) {
    const { data } = await api<PullAnswer>(url, query(syncPaths.pull, { company, cursor, limit: 2000, ...(scope ? { scope } : {}) }), {
      token,
    });
    cursor = data.cursor;
    scope = data.scopeKey;
    if (!data.hasMore) return { token, cursor, scope };
  }
}

/**
 * The requests of each class, from the company's own data: pushes and office calls as the owner
 * (every customer in scope, one device per virtual rep), pulls as `phones` signed-in reps, each
 * standing for many virtual reps with a cursor of its own. Answers feed the next requests.
 */
export async function workingDay(url: string, phones: number) {
  const random = seededRandom(49);
  const owner = await signIn(url);
  const { company, token } = owner;
  const customers = (await api<CustomerRecord[]>(url, query(customerPaths.customers, { company, limit: 200, tab: 'active' }), { token }))
    .data;
  const variants = (
    await api<VariantRecord[]>(url, query(productPaths.variants, { company, limit: 200, is_active: 'true' }), { token })
  ).data.filter((variant) => variant.units.length > 0);
  const words = [...new Set(variants.flatMap((variant) => foldedWords(variant.product_name).filter((word) => /^[a-z]{4,}$/.test(word))))];
  if (customers.length === 0 || variants.length === 0 || words.length === 0) throw new Error('the company has no customers or variants');
  const reps: Phone[] = [];
  for (let n = 1; n <= phones; n += 1) {
    const rep = await signIn(url, `0966${String(n).padStart(6, '0')}`);
    reps.push(await syncedPhone(url, rep.token, company));
  }
  const devices = Array.from({ length: 64 }, () => uuidv7());
  const tag = Date.now().toString(36).slice(-4).toUpperCase();
  let submitted = 0;
  const openVisits: string[] = [];
  const virtualPhones = new Map<number, Phone>();
  let activeReps = 1;
  const toConfirm: string[] = [];
  const month = new Date().toISOString().slice(0, 8);
  const period = { date_from: `${month}01`, date_to: new Date().toISOString().slice(0, 10) };
  const push = (type: string, payload: unknown): Request => {
    const at = new Date().toISOString();
    const op = { opId: uuidv7(), type, schemaVersion: 1, clientCreatedAt: at, payload, dependsOn: [] };
    return {
      method: 'POST',
      path: query(syncPaths.push, { company }),
      token,
      body: { company, deviceId: random.pick(devices), ops: [op] },
    };
  };
  const now = () => new Date().toISOString();

  const make: Record<CallClass, () => Planned | null> = {
    'phone pull': () => {
      // Each virtual rep's phone keeps its own cursor, from where its signed-in rep's first sync ended.
      const n = random.int(0, Math.max(0, activeReps - 1));
      const phone = virtualPhones.get(n) ?? { ...reps[n % reps.length]! };
      virtualPhones.set(n, phone);
      const path = query(syncPaths.pull, { company, cursor: phone.cursor, ...(phone.scope ? { scope: phone.scope } : {}) });
      const answered = (answer: Answer) => {
        const data = (answer.body as { data?: PullAnswer } | null)?.data;
        if (answer.status === 200 && data && !data.reset) phone.cursor = data.cursor;
      };
      return { request: { method: 'GET', path, token: phone.token }, answered };
    },
    'visit check-in': () => {
      const visitId = uuidv7();
      const payload: VisitCheckInPayload = {
        visitId,
        customerId: random.pick(customers).id,
        at: now(),
        location: { lat: 10.77 + random.int(0, 100) / 10_000, lng: 106.7 + random.int(0, 100) / 10_000, accuracy: 20 },
        note: null,
        pin: false,
        unplannedReason: null,
      };
      return {
        request: push('visit.checkIn', payload),
        answered: (answer: Answer) => {
          if (outcomeOf(answer) === 'applied') openVisits.push(visitId);
        },
      };
    },
    'visit check-out': () => {
      // A rep checks out of a visit checked in before; with none open yet, nothing is sent.
      const visitId = openVisits.shift();
      if (!visitId) return null;
      const payload: VisitCheckOutPayload = { visitId, at: now(), location: null, note: null };
      return { request: push('visit.checkOut', payload) };
    },
    'order submit': () => {
      submitted += 1;
      const orderId = uuidv7();
      const payload = benchOrder(random, { orderId, customerId: random.pick(customers).id, variants, localNo: `BN-${tag}-${submitted}` });
      return {
        request: push('order.submit', payload),
        answered: (answer: Answer) => {
          if (outcomeOf(answer) === 'applied') toConfirm.push(orderId);
        },
      };
    },
    'payment collect': () => {
      const payload: PaymentCollectPayload = {
        paymentId: uuidv7(),
        customerId: random.pick(customers).id,
        orderId: null,
        amount: random.int(1, 50) * 100_000,
        method: 'cash',
        reference: null,
        note: null,
        collectedAt: now(),
      };
      return { request: push('payment.collect', payload) };
    },
    'office list / search': () => {
      const word = random.pick(words);
      const path = random.pick([
        query(orderPaths.orders, { company, limit: 20, page: random.int(1, 5) }),
        query(customerPaths.customers, { company, limit: 20, search: word.slice(0, 4) }),
        query(productPaths.variants, { company, limit: 20, search: word.slice(0, random.int(4, word.length)) }),
      ]);
      return { request: { method: 'GET', path, token } };
    },
    'office confirm': () => {
      const id = toConfirm.shift() ?? uuidv7();
      return { request: { method: 'PUT', path: orderPaths.status(id), token, body: { company, status: 'confirmed', reason: null } } };
    },
    report: () => {
      const path = random.pick([reportPaths.companyOverview, reportPaths.bestSellingProducts, reportPaths.staff, reportPaths.regions]);
      return { request: { method: 'GET', path: query(path, { company, ...period }), token } };
    },
    'report Excel export': () => {
      const params = { company, ...period, table: 'report-products', columns: 'code,name,unit,quantity,revenue' };
      return { request: { method: 'GET', path: query(reportPaths.export, params), token } };
    },
  };
  /** The step's number of active reps: the virtual phones that pull. */
  const setActiveReps = (count: number) => (activeReps = count);
  return { make, setActiveReps, company, customers: customers.length, variants: variants.length };
}

/** An order of 1–5 lines of the given variants, 1–3 of a unit each, at the unit's price, as a phone sends it. */
export function benchOrder(
  random: Random,
  input: { orderId: string; customerId: string; variants: readonly VariantRecord[]; localNo: string },
): OrderSubmitPayload {
  return {
    orderId: input.orderId,
    localNo: input.localNo,
    customerId: input.customerId,
    visitId: null,
    deliveryDate: null,
    note: 'Đơn đo tải',
    lines: Array.from({ length: random.int(1, 5) }, () => {
      const variant = random.pick(input.variants);
      const unit = random.pick(variant.units);
      return {
        lineId: uuidv7(),
        variantId: variant.id,
        unit: unit.unit,
        quantity: random.int(1, 3),
        quotedUnitPrice: unit.price,
        discount: null,
      };
    }),
    quotedTotal: 0,
    createdAt: new Date().toISOString(),
  };
}

/** A push's first result, as "applied", "rejected CODE"…; other answers by their HTTP status. */
export function outcomeOf(answer: Answer): string {
  const results = (answer.body as { data?: { results?: { outcome: string; error?: { code: string } }[] } } | null)?.data?.results;
  const first = results?.[0];
  if (answer.status !== 200 || !first) return `HTTP ${answer.status}`;
  return first.error ? `${first.outcome} ${first.error.code}` : first.outcome;
}
