/**
 * Shared set-up of the catalogue's server tests (not a test file itself): a server on a fresh
 * database with the demo data and the demo catalogue, the two demo people signed in, and short
 * helpers for calls under /product/api.
 */
import type { LoginAnswer } from '@contract/auth';
import type { PullAnswer, SyncChange } from '@contract/sync';
import { DEMO } from '@server/seed/demo';
import { startDemoServer, type ApiAnswer, type TestServer } from './test-server';

export type Kit = {
  server: TestServer;
  an: LoginAnswer;
  binh: LoginAnswer;
  anKhang: number;
  minhPhat: number;
  get: <T = unknown>(path: string, query?: Record<string, string | number | undefined>, token?: string) => Promise<ApiAnswer<T>>;
  send: <T = unknown>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) => Promise<ApiAnswer<T>>;
  del: <T = unknown>(path: string, query?: Record<string, string | number | undefined>, token?: string) => Promise<ApiAnswer<T>>;
  pullAll: (company: number, cursor?: number, token?: string) => Promise<{ changes: SyncChange[]; cursor: number }>;
};

function withQuery(path: string, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export async function startCatalogueKit(): Promise<Kit> {
  const { server, an, anKhang, minhPhat } = await startDemoServer();
  const binh = await server.login(DEMO.binh.phone);
  const get: Kit['get'] = (path, query, token = an.access) => server.call(withQuery(path, query), { token });
  const del: Kit['del'] = (path, query, token = an.access) => server.call(withQuery(path, query), { token, method: 'DELETE' });
  const send: Kit['send'] = (method, path, body, token = an.access) => server.call(path, { token, method, body });
  const pullAll: Kit['pullAll'] = async (company, cursor = 0, token = an.access) => {
    const changes: SyncChange[] = [];
    let current = cursor;
    for (;;) {
      const page = await server.call<PullAnswer>(`/sync/pull?company=${company}&cursor=${current}&limit=1000`, { token });
      if (page.status !== 200) throw new Error(`pull failed: ${page.status} ${page.body.message}`);
      changes.push(...page.body.data.changes);
      current = page.body.data.cursor;
      if (!page.body.data.hasMore) return { changes, cursor: current };
    }
  };
  return { server, an, binh, anKhang, minhPhat, get, send, del, pullAll };
}

/** The newest change-log cursor of a company (pull from here to see only what a test changes). */
export async function cursorNow(kit: Kit, company: number): Promise<number> {
  return (await kit.pullAll(company)).cursor;
}
