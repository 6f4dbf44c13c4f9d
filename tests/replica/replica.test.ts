/**
 * Reads that may lag go to a hot standby, and never hide a caller's own writes (server/kernel/db/replica.ts;
 * docs/architecture.md "Data and scale"). Runs under scripts/with-pg-replica.sh: a primary and a standby
 * streaming from it. The standby's replay is paused to make the lag certain.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRecord } from '@contract/customers';
import { startTestServer, type SignedIn, type TestServer } from '@server/testing/test-server';

let server: TestServer;
let standby: pg.Client;
let owner: SignedIn;
let accountant: SignedIn;
let company: number;

beforeAll(async () => {
  server = await startTestServer({}, { replica: true });
  owner = await server.login('0901234567');
  accountant = await server.login('0912000004');
  company = owner.account.company_data.find((entry) => entry.company_data.title === 'Công ty Dược phẩm An Khang')!.company;
  standby = new pg.Client({ connectionString: process.env.TEST_PG_REPLICA_ADMIN_URL });
  await standby.connect();
});
afterAll(async () => {
  await standby?.query('select pg_wal_replay_resume()').catch(() => undefined);
  await standby?.end();
  await server?.stop();
});

/** The customer list with the cookies a browser would send back (the `wal` mark of a write). */
async function customerNames(token: string, cookie = ''): Promise<string[]> {
  const answer = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${company}&limit=100&search=Thanh Tam`, {
    token,
    headers: cookie ? { cookie } : {},
  });
  expect(answer.status).toBe(200);
  return answer.body.data.map((customer) => customer.name);
}

describe('reads from a streaming replica', () => {
  it('serve others from the replica, and the writer from wherever holds their write', async () => {
    await standby.query('select pg_wal_replay_pause()');
    const made = await server.call<CustomerRecord>('/customer/api/customer/', {
      token: owner.access,
      body: {
        company,
        name: 'Nhà thuốc Thanh Tâm Bản Sao',
        kind: 'Nhà thuốc',
        phone: '0903456788',
        owner_name: 'Trần Thanh Tâm',
        address: {
          province_code: '79',
          province_name: 'Thành phố Hồ Chí Minh',
          ward_code: '26743',
          ward_name: 'Phường Bến Thành',
          street: '21 Lý Tự Trọng',
        },
      },
    });
    expect(made.status).toBe(201);
    const mark = made.headers.getSetCookie().find((line) => line.startsWith('wal='));
    expect(mark, 'a write leaves its WAL position').toMatch(/^wal=[0-9A-F]+%2F[0-9A-F]+|^wal=[0-9A-F]+\/[0-9A-F]+/);
    const cookie = mark!.split(';')[0]!;

    expect(await customerNames(accountant.access), 'someone who wrote nothing reads the paused replica').not.toContain(
      'Nhà thuốc Thanh Tâm Bản Sao',
    );
    expect(await customerNames(owner.access, cookie), 'the writer sees their write at once').toContain('Nhà thuốc Thanh Tâm Bản Sao');

    await standby.query('select pg_wal_replay_resume()');
    const deadline = Date.now() + 10_000;
    while (!(await customerNames(accountant.access)).includes('Nhà thuốc Thanh Tâm Bản Sao') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await customerNames(accountant.access), 'once replayed, everyone sees it').toContain('Nhà thuốc Thanh Tâm Bản Sao');
    expect(await customerNames(owner.access, cookie), 'and the writer reads the replica again').toContain('Nhà thuốc Thanh Tâm Bản Sao');
  });

  it('a forged or malformed mark only sends the caller to the primary or the replica, never fails', async () => {
    expect(await customerNames(accountant.access, 'wal=FFFFFFFF/FFFFFFFF')).toContain('Nhà thuốc Thanh Tâm Bản Sao');
    expect(await customerNames(accountant.access, "wal=1'; drop table customers; --")).toContain('Nhà thuốc Thanh Tâm Bản Sao');
  });
});
