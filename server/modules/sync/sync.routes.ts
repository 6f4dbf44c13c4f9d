/**
 * POST /api/sync/push and GET /api/sync/pull (docs/offline-sync.md): the HTTP face of the sync kernel
 * (server/kernel/sync), given the registry of synced domains by the composition root.
 */
import type { HttpBindings } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { NEXT_CURSOR_HEADER, PullQuerySchema, PushRequestSchema, type PushAnswer } from '@contract/sync';
import { readableEntities } from '@contract/sync-domains';
import type { AppDeps, AppEnv, PushFault } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { withNamedStatements } from '@server/kernel/db/named-statements';
import { ok } from '@server/kernel/respond';
import type { SyncRegistry } from '@server/kernel/sync/domain';
import { pullPage, type PullScope } from '@server/kernel/sync/pull';
import { switchStates } from '@server/kernel/switches';
import { applyBatch } from '@server/kernel/sync/push';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { memberAccess, pullScope, type Access } from '@server/modules/roles';

/** Test-only faults, after the ops are committed: the client must treat the outcome as unknown. */
async function faultyAnswer(c: Context, fault: PushFault, delayMs: number): Promise<Response | null> {
  if (fault === 'delay') {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return null;
  }
  if (fault === 'drop-connection') {
    (c.env as HttpBindings).incoming.socket.destroy();
    return c.body(null);
  }
  return c.json({ code: 500, data: null, error: 'INTERNAL', message: 'Lỗi giả lập sau khi đã lưu' }, 500);
}

/**
 * What this member's phone may receive: their data scope, and only the entities their role may read
 * with the company's switches as they are now. Both are in the scope key, so a phone whose role or
 * switches changed starts over and drops what it may no longer hold.
 */
async function readScope(deps: AppDeps, access: Access, companyId: number): Promise<PullScope> {
  const [scope, switches] = await Promise.all([pullScope(deps.db, access), switchStates(deps.db, companyId)]);
  const entities = readableEntities(access, (code) => switches.get(code) === true);
  return { ...scope, key: `${scope.key};${entities.join(',')}`, entities };
}

export function syncRoutes(deps: AppDeps, registry: SyncRegistry) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  app.post('/push', async (c) => {
    // An op with NUL text, or nested too deep, is refused on its own (push.ts applyOp), not the
    // whole batch with it.
    const input = await parseBody(c, PushRequestSchema, { nulCheck: false, depthCheck: false });
    const auth = c.get('auth');
    // Short statements on keys, the same for every op of their type: parsed and planned once per
    // connection (server/kernel/db/named-statements.ts).
    const results = await withNamedStatements(async () => {
      const access = await memberAccess(deps.db, auth, input.company);
      const caller = { companyId: input.company, accountId: auth.accountId, deviceId: input.deviceId, access };
      return applyBatch(deps.db, { registry, caller, logger: deps.logger }, input.ops);
    });
    const answer: PushAnswer = { results, serverTime: new Date().toISOString() };
    const fault = deps.faults?.afterPush() ?? null;
    const faulty = fault ? await faultyAnswer(c, fault, deps.faults?.delayMs ?? 0) : null;
    return faulty ?? ok(c, answer);
  });

  app.get('/pull', async (c) => {
    const query = parseQuery(c, PullQuerySchema);
    const auth = c.get('auth');
    const access = await memberAccess(deps.db, auth, query.company);
    const scope = await readScope(deps, access, query.company);
    const page = await pullPage(deps.db, registry, {
      companyId: query.company,
      accountId: auth.accountId,
      cursor: query.cursor,
      limit: query.limit,
      scope,
      deviceScopeKey: query.scope,
      count: query.count === '1',
    });
    if (page.hasMore && !page.reset) c.header(NEXT_CURSOR_HEADER, String(page.cursor));
    return ok(c, page);
  });

  return app;
}
