import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitRecord } from '@contract/visits';
import { customers } from '@server/kernel/db/schema';
import { DEMO } from '@server/seed/demo';
import { addAccount } from '@server/testing/fixtures';
import { startDemoServer, type TestServer } from '@server/testing/test-server';
import { unguarded } from '@server/testing/change-log-guard';

let server: TestServer;
let an: LoginAnswer;
let rep: LoginAnswer;
let anKhang: number;
let customer: Pick<CustomerRecord, 'id' | 'name'>;

async function visit(token: string, at: string) {
  const visitId = uuidv7();
  const answer = await server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company: anKhang,
      deviceId: uuidv7(),
      ops: [
        { opId: uuidv7(), type: 'visit.checkIn', schemaVersion: 1, clientCreatedAt: at, payload: { visitId, customerId: customer.id, at } },
      ],
    },
  });
  expect(answer.body.data.results[0]!.outcome).toBe('applied');
  return visitId;
}

beforeAll(async () => {
  ({ server, an, anKhang } = await startDemoServer());
  const extra = await addAccount(server.deps.db, { fullName: 'Lê Văn Trình', memberships: [{ companyId: anKhang, status: 'accept' }] });
  rep = await server.login(extra.phone, extra.password);
  // A pharmacy of the rep's own (server/modules/roles reachCustomer), new: the demo's visit history
  // (server/seed/demo-history.ts) is at the other customers, so the lists below hold this test's visits.
  const id = uuidv7();
  await unguarded(server.deps.db, (tx) =>
    tx.insert(customers).values({
      id,
      companyId: anKhang,
      code: 'KH-VISIT-1',
      name: 'Nhà thuốc Ghé Thăm',
      kind: 'Nhà thuốc',
      staffId: extra.id,
      searchText: 'kh-visit-1 nha thuoc ghe tham',
    }),
  );
  customer = { id, name: 'Nhà thuốc Ghé Thăm' };
  await visit(an.access, '2026-11-19T02:00:00.000Z');
  await visit(rep.access, '2026-11-20T03:00:00.000Z');
  await visit(rep.access, '2026-11-20T18:30:00.000Z');
});
afterAll(async () => {
  await server?.stop();
});

const list = (query: string, token = an.access) =>
  server.call<VisitRecord[]>(`/visit/api/visits/?company=${anKhang}&customer=${customer.id}${query}`, { token });

describe('visit/api/visits/', () => {
  it('lists every rep’s visits at a customer, newest first, with a count', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(3);
    expect(answer.body.data.map((v) => v.check_in_at)).toEqual([
      '2026-11-20T18:30:00.000Z',
      '2026-11-20T03:00:00.000Z',
      '2026-11-19T02:00:00.000Z',
    ]);
    expect(answer.body.data[0]).toMatchObject({ account_name: 'Lê Văn Trình', customer_name: customer.name });
  });

  it('filters by rep and by days in Vietnam time', async () => {
    const mine = await list(`&account=${an.account.id}`);
    expect(mine.body.data.map((v) => v.account_name)).toEqual(['Nguyễn Văn An']);
    // 2026-11-20T18:30Z is 21/11 01:30 in Vietnam, so it belongs to the 21st.
    const day = await list('&date_from=2026-11-20&date_to=2026-11-20');
    expect(day.body.data.map((v) => v.check_in_at)).toEqual(['2026-11-20T03:00:00.000Z']);
    const paged = await list('&page=2&limit=2');
    expect([paged.body.count, paged.body.data.length]).toEqual([3, 1]);
  });

  it('refuses other tenants and bad filters', async () => {
    const binh = await server.login(DEMO.binh.phone);
    expect((await list('', binh.access)).status).toBe(403);
    expect((await list('&date_from=21/11/2026')).body.fields?.date_from).toBe('Ngày bắt đầu không hợp lệ (YYYY-MM-DD)');
    expect((await server.call(`/visit/api/visits/?company=${anKhang}&customer=abc`, { token: an.access })).status).toBe(400);
    expect((await server.call('/visit/api/visits/')).status).toBe(401);
  });
});
