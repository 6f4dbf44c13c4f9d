import http from 'node:http';
import zlib from 'node:zlib';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import { NEXT_CURSOR_HEADER, type OpResult, type PullAnswer, type PushAnswer, type SyncChange } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import type { PushFault } from '@server/kernel/app-types';
import { DEMO } from '@server/seed/demo';
import { customers, processedOps, visits } from '@server/kernel/db/schema';
import { startDemoServer, type TestServer } from '@server/testing/test-server';
import { recordChange } from '@server/kernel/sync/change-log';

let server: TestServer;
let an: LoginAnswer;
let binh: LoginAnswer;
let anKhang: number;
let minhPhat: number;
let nextFault: PushFault | null = null;
const deviceId = uuidv7();

beforeAll(async () => {
  ({ server, an, anKhang, minhPhat } = await startDemoServer(
    { logLevel: process.env.TEST_LOG_LEVEL ?? 'silent' },
    {
      faults: {
        afterPush: () => {
          const fault = nextFault;
          nextFault = null;
          return fault;
        },
        delayMs: 50,
      },
    },
  ));
  binh = await server.login(DEMO.binh.phone);
});
afterAll(async () => {
  await server?.stop();
});

async function pullAll(token: string, company: number, cursor = 0, limit = 1000): Promise<{ changes: SyncChange[]; cursor: number }> {
  const changes: SyncChange[] = [];
  let current = cursor;
  for (;;) {
    const page = await server.call<PullAnswer>(`/sync/pull?company=${company}&cursor=${current}&limit=${limit}`, { token });
    expect(page.status).toBe(200);
    changes.push(...page.body.data.changes);
    current = page.body.data.cursor;
    if (!page.body.data.hasMore) return { changes, cursor: current };
  }
}

async function aCustomerOf(company: number, token: string): Promise<CustomerRecord> {
  const { changes } = await pullAll(token, company);
  return changes.find((change) => change.entity === 'customer')!.data as CustomerRecord;
}

function op(type: string, payload: unknown, extra: { opId?: string; dependsOn?: string[] } = {}) {
  return {
    opId: extra.opId ?? uuidv7(),
    type,
    schemaVersion: 1,
    clientCreatedAt: new Date().toISOString(),
    payload,
    dependsOn: extra.dependsOn ?? [],
  };
}

function push(ops: unknown[], token = an.access, company = anKhang) {
  return server.call<PushAnswer>('/sync/push', { token, body: { company, deviceId, ops } });
}

function visitOps(customerId: string) {
  const visitId = uuidv7();
  const checkIn = op('visit.checkIn', {
    visitId,
    customerId,
    at: new Date(Date.now() - 600_000).toISOString(),
    location: { lat: 10.7769, lng: 106.7009, accuracy: 12 },
    note: 'Giới thiệu sản phẩm mới',
  });
  const checkOut = op('visit.checkOut', { visitId, at: new Date().toISOString(), note: 'Đã chốt đơn' }, { dependsOn: [checkIn.opId] });
  return { visitId, checkIn, checkOut };
}

async function visitCount(visitId: string) {
  const [row] = await server.deps.db.select({ n: count() }).from(visits).where(eq(visits.id, visitId));
  return Number(row?.n);
}

describe('pull', () => {
  it('gives a new device every customer of the company once, and nothing of other companies', async () => {
    const { changes } = await pullAll(an.access, anKhang);
    const names = changes.filter((c) => c.entity === 'customer').map((c) => (c.data as CustomerRecord).name);
    expect(names).toHaveLength(11);
    expect(new Set(names).size).toBe(11);
    expect(names).toContain('Nhà thuốc Minh Châu');
    expect(names).not.toContain('Tạp hóa Cô Ba');
    const legacy = changes.map((c) => c.data as CustomerRecord).find((c) => c.code === 'KH000009');
    expect(legacy?.address).toMatchObject({ scheme: 'VN_LEGACY', district_name: 'Quận 1', ward_name: 'Phường Bến Nghé' });
  });

  it('pages with a cursor that only moves forward, and then answers only what changed since', async () => {
    const paged = await pullAll(an.access, anKhang, 0, 2);
    const whole = await pullAll(an.access, anKhang);
    expect(paged.changes.map((c) => c.id)).toEqual(whole.changes.map((c) => c.id));
    const seqs = paged.changes.map((c) => c.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const empty = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${whole.cursor}`, { token: an.access });
    expect(empty.body.data).toMatchObject({ changes: [], hasMore: false, reset: false, cursor: whole.cursor });
  });

  it('counts what remains after the page only when asked (count=1), and exactly', async () => {
    const whole = await pullAll(an.access, anKhang);
    const counted = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&limit=5&count=1`, { token: an.access });
    expect(counted.body.data.remaining).toBe(whole.changes.length - 5);
    const plain = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&limit=5`, { token: an.access });
    expect(plain.body.data.changes).toHaveLength(5);
    expect(plain.body.data).not.toHaveProperty('remaining');
    // The headers name the following page's cursor, so a device asks for it before reading this one.
    expect(plain.headers.get(NEXT_CURSOR_HEADER)).toBe(String(plain.body.data.cursor));
    const last = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=${whole.cursor}`, { token: an.access });
    expect(last.body.data.hasMore).toBe(false);
    expect(last.headers.has(NEXT_CURSOR_HEADER)).toBe(false);
    const bad = await server.call(`/sync/pull?company=${anKhang}&count=2`, { token: an.access });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Tham số count chỉ nhận 0 hoặc 1');
  });

  it('sends a page compressed to a phone that accepts it (the first sync is about a tenth of the bytes), the same records', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        const request = http.get(
          `${server.url}/api/sync/pull?company=${anKhang}&limit=2000`,
          { headers: { authorization: `Bearer ${an.access}`, 'accept-encoding': encoding } },
          (response) => {
            const parts: Buffer[] = [];
            response.on('data', (part: Buffer) => parts.push(part));
            response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(parts) }));
          },
        );
        request.on('error', reject);
      });
    const plain = await raw('identity');
    const packed = await raw('gzip, deflate, br');
    expect([plain.encoding, packed.encoding]).toEqual([undefined, 'br']);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
    // Customers as they are stored (a receivable's figures are worked out at each read, with its time).
    const records = (body: Buffer) =>
      (JSON.parse(body.toString()) as { data: PullAnswer }).data.changes.filter((change) => change.entity === 'customer');
    expect(records(plain.body)).toHaveLength(11);
    expect(records(zlib.brotliDecompressSync(packed.body))).toEqual(records(plain.body));
  });

  it('answers reset for a cursor the server never gave', async () => {
    const answer = await server.call<PullAnswer>(`/sync/pull?company=${anKhang}&cursor=999999999`, { token: an.access });
    expect(answer.body.data).toMatchObject({ reset: true, cursor: 0, changes: [] });
  });

  it('refuses other tenants and bad input', async () => {
    expect((await server.call(`/sync/pull?company=${anKhang}`, { token: binh.access })).status).toBe(403);
    expect((await server.call(`/sync/pull?company=${anKhang}&cursor=-1`, { token: an.access })).status).toBe(400);
    expect((await server.call(`/sync/pull?company=${anKhang}&limit=100000`, { token: an.access })).status).toBe(400);
    expect((await server.call(`/sync/pull?company=${anKhang}`)).status).toBe(401);
  });

  it('never skips a change that commits after a later one was numbered (writers serialized per company)', async () => {
    const start = await pullAll(an.access, anKhang);
    const [a, b] = start.changes.filter((c) => c.entity === 'customer').map((c) => c.id);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = server.deps.db.transaction(async (tx) => {
      await recordChange(tx, { companyId: anKhang, entity: 'customer', entityId: a!, op: 'upsert' });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = server.deps.db.transaction(async (tx) => {
      await recordChange(tx, { companyId: anKhang, entity: 'customer', entityId: b!, op: 'upsert' });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A device pulls while the first writer is still open. On PostgreSQL the second writer waits
    // for the first; without that, it would commit a higher number first and the pull's cursor
    // would pass over the first writer's change. (PGlite runs one transaction at a time.)
    const meanwhile = pullAll(an.access, anKhang, start.cursor);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await Promise.all([first, second]);
    const middle = await meanwhile;
    const after = await pullAll(an.access, anKhang, middle.cursor);
    const seen = new Set([...middle.changes, ...after.changes].map((c) => c.id));
    expect([...seen].sort()).toEqual([a, b].sort());
  });
});

describe('push: visits', () => {
  it('records a check-in and a check-out and the rep pulls the visit back', async () => {
    const customer = await aCustomerOf(anKhang, an.access);
    const { visitId, checkIn, checkOut } = visitOps(customer.id);
    const answer = await push([checkIn, checkOut]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.results.map((r) => r.outcome)).toEqual(['applied', 'applied']);
    const visit = answer.body.data.results[1]!.entity!.data as VisitRecord;
    expect(visit).toMatchObject({
      id: visitId,
      customer_name: customer.name,
      account_name: 'Nguyễn Văn An',
      check_in_note: 'Giới thiệu sản phẩm mới',
      check_out_note: 'Đã chốt đơn',
    });
    // The fixed position is not at the demo customer's pin: under the default rule (warn) it is recorded
    // and flagged (docs/visits.md). The demo history's latest visit of the account, some minutes ago at
    // another shop depending on the hour the demo was seeded, may add a speed flag.
    expect(visit.flags.filter((flag) => flag !== 'IMPOSSIBLE_SPEED')).toEqual(['FAR_FROM_PIN']);
    expect(visit.check_in_location).toEqual({ lat: 10.7769, lng: 106.7009, accuracy: 12 });
    expect(visit.check_in_distance_m).toBeGreaterThan(200);
    const { changes } = await pullAll(an.access, anKhang);
    expect(changes.filter((c) => c.id === visitId)).toHaveLength(1);
  });

  it('replaying the same batch 20 times yields exactly one visit and the same answers', async () => {
    const customer = await aCustomerOf(anKhang, an.access);
    const { visitId, checkIn, checkOut } = visitOps(customer.id);
    const answers: OpResult[][] = [];
    for (let i = 0; i < 20; i += 1) answers.push((await push([checkIn, checkOut])).body.data.results);
    expect(await visitCount(visitId)).toBe(1);
    for (const results of answers) expect(results).toEqual(answers[0]);
    const [claims] = await server.deps.db
      .select({ n: count() })
      .from(processedOps)
      .where(and(eq(processedOps.companyId, anKhang), eq(processedOps.opId, checkIn.opId)));
    expect(Number(claims?.n)).toBe(1);
  });

  it('replaying concurrently from two tabs still yields one visit', async () => {
    const customer = await aCustomerOf(anKhang, an.access);
    const { visitId, checkIn } = visitOps(customer.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => push([checkIn])));
    expect(answers.every((a) => a.status === 200 && a.body.data.results[0]!.outcome === 'applied')).toBe(true);
    expect(await visitCount(visitId)).toBe(1);
  });

  it('refuses the same opId with another payload and keeps the first', async () => {
    const customer = await aCustomerOf(anKhang, an.access);
    const { visitId, checkIn } = visitOps(customer.id);
    await push([checkIn]);
    const tampered = { ...checkIn, payload: { ...(checkIn.payload as object), note: 'nội dung khác' } };
    const answer = await push([tampered]);
    expect(answer.body.data.results[0]).toMatchObject({ outcome: 'rejected', error: { code: 'IDEMPOTENCY_KEY_REUSED' } });
    const [row] = await server.deps.db.select({ note: visits.checkInNote }).from(visits).where(eq(visits.id, visitId));
    expect(row?.note).toBe('Giới thiệu sản phẩm mới');
  });

  it.each(['drop-connection', 'answer-500', 'delay'] as const)('a %s after commit is safe to replay', async (fault) => {
    const customer = await aCustomerOf(anKhang, an.access);
    const { visitId, checkIn } = visitOps(customer.id);
    nextFault = fault;
    const first = await push([checkIn]).catch((error: unknown) => error);
    if (fault === 'drop-connection') expect(first).toBeInstanceOf(Error);
    if (fault === 'answer-500') expect((first as { status: number }).status).toBe(500);
    expect(await visitCount(visitId)).toBe(1);
    const replay = await push([checkIn]);
    expect(replay.body.data.results[0]!.outcome).toBe('applied');
    expect(await visitCount(visitId)).toBe(1);
  });

  it('rejects a check-in at an unknown customer and, with it, the check-out that depends on it', async () => {
    const { checkIn, checkOut } = visitOps(uuidv7());
    const answer = await push([checkIn, checkOut]);
    expect(answer.body.data.results.map((r) => [r.outcome, r.error?.code])).toEqual([
      ['rejected', 'CUSTOMER_NOT_FOUND'],
      ['rejected', 'DEPENDENCY_REJECTED'],
    ]);
    expect(answer.body.data.results[0]!.error!.message).toBe('Không tìm thấy khách hàng của lượt ghé thăm này');
  });

  it('asks to retry an op whose dependency it has not seen, and stops the batch there', async () => {
    const customer = await aCustomerOf(anKhang, an.access);
    const later = visitOps(customer.id);
    const orphan = op('visit.checkOut', { visitId: uuidv7(), at: new Date().toISOString() }, { dependsOn: [uuidv7()] });
    const answer = await push([orphan, later.checkIn]);
    expect(answer.body.data.results).toHaveLength(1);
    expect(answer.body.data.results[0]).toMatchObject({ outcome: 'retry', error: { code: 'DEPENDENCY_PENDING' } });
    expect(await visitCount(later.visitId)).toBe(0);
    // The retry was not remembered: once the dependency exists, the op goes through.
  });

  it('flags a device clock far ahead instead of refusing the visit', async () => {
    const customer = await aCustomerOf(anKhang, an.access);
    const visitId = uuidv7();
    const answer = await push([
      op('visit.checkIn', { visitId, customerId: customer.id, at: new Date(Date.now() + 3600_000).toISOString() }),
    ]);
    expect(answer.body.data.results[0]!.outcome).toBe('applied');
    // Sent without a position at a pinned customer: that is flagged too (docs/visits.md).
    expect((answer.body.data.results[0]!.entity!.data as VisitRecord).flags).toEqual(['CLOCK_AHEAD', 'NO_LOCATION']);
  });

  it("does not let one rep check out another rep's visit, nor mirror it to them", async () => {
    const customer = await aCustomerOf(minhPhat, binh.access);
    const { visitId, checkIn } = visitOps(customer.id);
    expect((await push([checkIn], binh.access, minhPhat)).body.data.results[0]!.outcome).toBe('applied');
    const stolen = op('visit.checkOut', { visitId, at: new Date().toISOString() });
    expect((await push([stolen], an.access, minhPhat)).body.data.results[0]).toMatchObject({
      outcome: 'rejected',
      error: { code: 'VISIT_NOT_FOUND' },
    });
    const anSees = await pullAll(an.access, minhPhat);
    expect(anSees.changes.some((c) => c.id === visitId)).toBe(false);
    const binhSees = await pullAll(binh.access, minhPhat);
    expect(binhSees.changes.some((c) => c.id === visitId)).toBe(true);
  });
});

describe('push: customers', () => {
  it('creates a customer made offline with its client id, assigning a code', async () => {
    const id = uuidv7();
    const create = op('customer.create', {
      id,
      name: 'Nhà thuốc Hồng Phát',
      phone: '0901112223',
      address: {
        province_code: '79',
        province_name: 'Thành phố Hồ Chí Minh',
        ward_code: '26743',
        ward_name: 'Phường Bến Thành',
        street: '7 Pasteur',
      },
    });
    for (let i = 0; i < 3; i += 1) {
      const answer = await push([create]);
      expect(answer.body.data.results[0]!.outcome).toBe('applied');
    }
    const [row] = await server.deps.db
      .select({ n: count(), code: customers.code })
      .from(customers)
      .where(eq(customers.id, id))
      .groupBy(customers.code);
    expect(Number(row?.n)).toBe(1);
    expect(row?.code).toMatch(/^KH\d{6}$/);
    const again = op('customer.create', { id: uuidv7(), name: 'Trùng mã', code: row!.code });
    const refused = await push([again]);
    expect(refused.body.data.results[0]).toMatchObject({ outcome: 'rejected', error: { code: 'CUSTOMER_CODE_TAKEN' } });
  });

  it('rejects an invalid payload with a Vietnamese message naming the field, and remembers it', async () => {
    const bad = op('customer.create', { id: uuidv7(), name: '', phone: 'abc' });
    const first = await push([bad]);
    expect(first.body.data.results[0]).toMatchObject({
      outcome: 'rejected',
      error: { code: 'VALIDATION_FAILED', fields: { name: 'Vui lòng nhập tên khách hàng', phone: 'Số điện thoại không hợp lệ' } },
    });
    expect((await push([bad])).body.data.results).toEqual(first.body.data.results);
  });
});

describe('push: bad requests', () => {
  it('answers 4xx with a message for malformed batches, unknown ops and other tenants', async () => {
    const notMember = await push([op('visit.checkIn', {})], binh.access, anKhang);
    expect([notMember.status, notMember.body.error]).toEqual([403, 'NOT_A_MEMBER']);
    const empty = await push([]);
    expect([empty.status, empty.body.message]).toEqual([400, 'Không có thao tác nào để gửi']);
    const tooMany = await push(Array.from({ length: 101 }, () => op('visit.checkIn', {})));
    expect(tooMany.status).toBe(400);
    const badOpId = await push([{ ...op('visit.checkIn', {}), opId: 'không-phải-uuid' }]);
    expect([badOpId.status, badOpId.body.fields?.['ops.0.opId']]).toEqual([400, 'Mã thao tác không hợp lệ']);
    const unknown = await push([op('order.teleport', {})]);
    expect(unknown.body.data.results[0]).toMatchObject({ outcome: 'rejected', error: { code: 'UNKNOWN_OP' } });
    const noDevice = await server.call('/sync/push', { token: an.access, body: { company: anKhang, ops: [op('visit.checkIn', {})] } });
    expect(noDevice.status).toBe(400);
  });

  it('refuses an op holding a NUL character on its own, for good, and applies the ops after it', async () => {
    // Valid JSON the database cannot store: without the check it failed at every retry ("retry",
    // INTERNAL) and blocked the device's queue behind it.
    const customer = await aCustomerOf(anKhang, an.access);
    const bad = visitOps(customer.id).checkIn;
    (bad.payload as { note: string }).note = 'Ghé thăm\u0000';
    const good = visitOps(customer.id);
    const first = await push([bad, good.checkIn]);
    expect(first.body.data.results.map((result) => [result.outcome, result.error?.code ?? null])).toEqual([
      ['rejected', 'VALIDATION_FAILED'],
      ['applied', null],
    ]);
    expect(first.body.data.results[0]!.error?.fields).toEqual({ 'payload.note': 'Dữ liệu không được chứa ký tự NUL' });
    expect((await push([bad])).body.data.results).toEqual(first.body.data.results.slice(0, 1));
    expect(await visitCount(good.visitId)).toBe(1);
  });

  it('refuses an op whose payload nests thousands of levels on its own, and applies the ops around it', async () => {
    // Was a 500 for the whole push: the NUL check and the payload hash walk the payload recursively.
    const customer = await aCustomerOf(anKhang, an.access);
    const before = visitOps(customer.id).checkIn;
    const after = visitOps(customer.id).checkIn;
    const deepOpId = uuidv7();
    const deep = JSON.stringify(op('visit.checkIn', 'DEEP', { opId: deepOpId })).replace(
      '"DEEP"',
      `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    );
    const body = `{"company":${anKhang},"deviceId":"${deviceId}","ops":[${JSON.stringify(before)},${deep},${JSON.stringify(after)}]}`;
    const answer = await server.call<PushAnswer>('/sync/push', {
      token: an.access,
      rawBody: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.results.map((result) => [result.outcome, result.error?.code ?? null])).toEqual([
      ['applied', null],
      ['rejected', 'VALIDATION_FAILED'],
      ['applied', null],
    ]);
    expect(answer.body.data.results[1]!.error?.message).toBe('Dữ liệu lồng nhau quá sâu (tối đa 32 cấp)');
    const [stored] = await server.deps.db.select({ n: count() }).from(processedOps).where(eq(processedOps.opId, deepOpId));
    expect(Number(stored!.n), 'no claim written for it').toBe(0);
  });

  it('refuses a payload its op schema refuses before claiming it, and any JSON body nested too deep', async () => {
    const bad = op('visit.checkIn', { visitId: 'x' });
    const answer = await push([bad]);
    expect(answer.body.data.results[0]).toMatchObject({ outcome: 'rejected', error: { code: 'VALIDATION_FAILED' } });
    const [stored] = await server.deps.db.select({ n: count() }).from(processedOps).where(eq(processedOps.opId, bad.opId));
    expect(Number(stored!.n)).toBe(0);
    const deepBody = `{"company":${anKhang},"name":${'['.repeat(40)}${']'.repeat(40)}}`;
    const rest = await server.call('/customer/api/customer/', {
      token: an.access,
      rawBody: deepBody,
      headers: { 'content-type': 'application/json' },
    });
    expect([rest.status, rest.body.error, rest.body.message]).toEqual([
      400,
      'VALIDATION_FAILED',
      'Dữ liệu lồng nhau quá sâu (tối đa 32 cấp)',
    ]);
    const shallow = `{"company":${anKhang},"name":"[[[{{{ không phải lồng nhau"}`;
    const text = await server.call('/customer/api/customer/', {
      token: an.access,
      rawBody: shallow,
      headers: { 'content-type': 'application/json' },
    });
    expect(text.status, 'brackets inside a string are text').toBe(201);
  });

  it('answers a push refused before its body was read with "Connection: close", so the retry gets a new connection', async () => {
    // Left open, the unread rest of the body made the node adapter close the socket under the
    // device's next request (its retry after refreshing the token) once draining took too long.
    const body = JSON.stringify({ company: anKhang, deviceId, ops: [op('visit.checkIn', {})], note: 'x'.repeat(200_000) });
    const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        `${server.url}/api/sync/push`,
        { method: 'POST', headers: { authorization: 'Bearer expired.token.value', 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    expect(answer).toEqual({ status: 401, connection: 'close' });
    // A request whose body was read keeps its connection.
    const read = await push([op('order.teleport', {})]);
    expect([read.status, read.headers.get('connection')]).not.toContain('close');
  });
});
