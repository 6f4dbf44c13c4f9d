/**
 * Shared set-up of the region and KPI server tests (not a test file itself): the demo server with
 * its orders kit, An Khang's staff signed in (rep TDV001, rep TDV002, regional manager QL001 of
 * Miền Nam, accountant KT001), and short helpers for calls under /region/api.
 */
import { and, eq } from 'drizzle-orm';
import type { LoginAnswer } from '@contract/auth';
import { type RegionRecord, regionPaths } from '@contract/regions';
import { regions } from '@server/kernel/db/schema';
import type { ApiAnswer } from './test-server';
import { startOrderKit, type OrderKit } from './orders.kit';

export const STAFF = {
  rep: '0912000001',
  rep2: '0912000002',
  manager: '0912000003',
  accountant: '0912000004',
} as const;

type Query = Record<string, string | number | undefined>;

export type RegionKit = OrderKit & {
  rep: LoginAnswer;
  rep2: LoginAnswer;
  manager: LoginAnswer;
  accountant: LoginAnswer;
  get: <T = unknown>(path: string, query?: Query, token?: string) => Promise<ApiAnswer<T>>;
  send: <T = unknown>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) => Promise<ApiAnswer<T>>;
  del: <T = unknown>(path: string, query?: Query, token?: string) => Promise<ApiAnswer<T>>;
  /** The id of one of An Khang's seeded regions (MN, HN, MT). */
  regionId: (code: string) => Promise<number>;
  region: (code: string) => Promise<RegionRecord>;
};

export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function startRegionKit(): Promise<RegionKit> {
  const kit = await startOrderKit();
  const [rep, rep2, manager, accountant] = await Promise.all([
    kit.server.login(STAFF.rep),
    kit.server.login(STAFF.rep2),
    kit.server.login(STAFF.manager),
    kit.server.login(STAFF.accountant),
  ]);
  const get: RegionKit['get'] = (path, query, token = kit.an.access) => kit.server.call(withQuery(path, query), { token });
  const del: RegionKit['del'] = (path, query, token = kit.an.access) =>
    kit.server.call(withQuery(path, query), { token, method: 'DELETE' });
  const send: RegionKit['send'] = (method, path, body, token = kit.an.access) => kit.server.call(path, { token, method, body });
  const regionId = async (code: string) => {
    const [row] = await kit.server.deps.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.companyId, kit.anKhang), eq(regions.code, code)));
    if (!row) throw new Error(`no region ${code}`);
    return row.id;
  };
  const region = async (code: string) => {
    const answer = await get<RegionRecord>(regionPaths.region(await regionId(code)), { company: kit.anKhang });
    if (answer.status !== 200) throw new Error(`region ${code}: ${answer.status} ${answer.body.message}`);
    return answer.body.data;
  };
  return { ...kit, rep, rep2, manager, accountant, get, send, del, regionId, region };
}
