/**
 * Shared setup for the messaging tests: the demo server with the Zalo simulator, An Khang's owner,
 * and connecting an OA the way a person does (POST zalo-oas, Zalo's consent page, the callback).
 */
import { fold } from '@contract/fold';
import { messagingPaths, type OaRecord } from '@contract/messaging';
import { customers } from '@server/kernel/db/schema';
import type { LoginAnswer } from '@contract/auth';
import { DEMO } from '@server/seed/demo';
import { DEMO_ZALO } from '@server/seed/demo-messaging';
import { unguarded } from './change-log-guard';
import { startDemoServer, type ApiAnswer, type TestServer } from './test-server';

export type MessagingKit = {
  server: TestServer;
  an: LoginAnswer;
  binh: LoginAnswer;
  anKhang: number;
  minhPhat: number;
  get: <T>(path: string, query?: Record<string, string | number>, token?: string) => Promise<ApiAnswer<T>>;
  send: <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body: Record<string, unknown>, token?: string) => Promise<ApiAnswer<T>>;
  /** Runs every due job (and retries due within the timeout). */
  drain: () => Promise<void>;
  sim: NonNullable<TestServer['sims']>['simulators']['zalo'];
  stop: () => Promise<void>;
};

export const withQuery = (path: string, query: Record<string, string | number>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`;

export async function startMessagingKit(options: { backgroundJobs?: boolean } = {}): Promise<MessagingKit> {
  const { server, an, anKhang, minhPhat } = await startDemoServer(
    {},
    { simulators: true, backgroundJobs: options.backgroundJobs ?? false },
  );
  const binh = await server.login(DEMO.binh.phone);
  const kit: MessagingKit = {
    server,
    an,
    binh,
    anKhang,
    minhPhat,
    get: (path, query = {}, token = an.access) => server.call(withQuery(path, { company: anKhang, ...query }), { token }),
    send: (method, path, body, token = an.access) => server.call(path, { method, token, body: { company: anKhang, ...body } }),
    drain: () => server.deps.jobs.drain({ untilIdle: true, timeoutMs: 20_000 }),
    sim: server.sims!.simulators.zalo,
    stop: () => server.stop(),
  };
  return kit;
}

/** Follows Zalo's consent page as a browser would: picks the OA (by its name) and allows. */
export async function consent(authorizeUrl: string, oaName: string = DEMO_ZALO.oaName): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text();
  const form = new URLSearchParams();
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
    );
  const oa = [...page.matchAll(/value="(\d+)"[^>]*> ([^<]+)<\/label>/g)].find((match) => match[2] === oaName);
  if (!oa) throw new Error(`no OA ${oaName} on the consent page`);
  form.set('oa_id', oa[1]!);
  form.set('decision', 'allow');
  const answer = await fetch(new URL('permission', authorizeUrl), { method: 'POST', body: form, redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`consent answered ${answer.status}`);
  return location;
}

/** Connects the demo OA to the company through OAuth; the OA's row id. */
export async function connectDemoOa(kit: MessagingKit, company = kit.anKhang, token = kit.an.access): Promise<number> {
  const started = await kit.server.call<{ authorize_url: string }>(messagingPaths.oas, {
    token,
    body: {
      company,
      environment: 'simulator',
      app_id: DEMO_ZALO.appId,
      app_secret: DEMO_ZALO.appSecret,
      oa_secret_key: DEMO_ZALO.oaSecretKey,
    },
  });
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  const callback = await fetch(await consent(started.body.data.authorize_url), { redirect: 'manual' });
  const back = callback.headers.get('location') ?? '';
  const id = /connected=(\d+)/.exec(back)?.[1];
  if (!id) throw new Error(`callback went to ${back}`);
  return Number(id);
}

export async function oaOf(kit: MessagingKit, id: number): Promise<OaRecord> {
  return (await kit.get<OaRecord>(messagingPaths.oa(id))).body.data;
}

/** `count` customers of the company named "Nhà thuốc <word> <n>" with mobile phones 0981…, from `first`. */
export async function addCustomers(
  kit: MessagingKit,
  count: number,
  word: string,
  first = 0,
  company = kit.anKhang,
): Promise<{ id: string; name: string; phone: string }[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    const n = first + index;
    const name = `Nhà thuốc ${word} ${n}`;
    const code = `ZL${String(n).padStart(6, '0')}`;
    return {
      id: crypto.randomUUID(),
      companyId: company,
      code,
      name,
      kind: 'Nhà thuốc',
      phone: `0981${String(n).padStart(6, '0')}`,
      searchText: fold(`${name} ${code}`),
    };
  });
  for (let start = 0; start < rows.length; start += 500)
    await unguarded(kit.server.deps.db, (tx) => tx.insert(customers).values(rows.slice(start, start + 500)));
  return rows.map(({ id, name, phone }) => ({ id, name, phone }));
}

/** The kit with the demo OA connected through OAuth and its first syncs run: what most messaging tests start from. */
export async function startConnectedKit(): Promise<{ kit: MessagingKit; oa: number }> {
  const kit = await startMessagingKit();
  const oa = await connectDemoOa(kit);
  await kit.drain();
  return { kit, oa };
}
