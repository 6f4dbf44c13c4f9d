/**
 * The OA's tokens (docs/messaging.md "Tokens"): a token near its end is refreshed once however many
 * callers need it at that moment (Zalo's refresh token works once), a revoked one is refreshed and
 * the call tried again, the background job refreshes an hour ahead, and a refresh Zalo refuses shows
 * the OA as needing reconnection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messagingPaths, type OaDetail } from '@contract/messaging';
import { jobs, zaloOas } from '@server/kernel/db/schema';
import { findConnection, updateConnectionSecrets } from '@server/kernel/connections';
import { connectDemoOa, type MessagingKit, oaOf, startConnectedKit } from '@server/testing/messaging.kit';
import { refreshOa } from './oa-tokens';

let kit: MessagingKit;
let oa: number;

beforeAll(async () => {
  ({ kit, oa } = await startConnectedKit());
}, 60_000);
afterAll(() => kit.stop());

const expireAccessToken = () =>
  kit.server.deps.db
    .update(zaloOas)
    .set({ accessExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(zaloOas.id, oa));
const version = async () => (await kit.server.deps.db.select().from(zaloOas).where(eq(zaloOas.id, oa)))[0]!.tokenVersion;

describe('refreshing an OA token', () => {
  it('refreshes once for two callers at the same time, and serves both', async () => {
    await expireAccessToken();
    const before = kit.sim.world.counters.refreshes;
    const [one, two] = await Promise.all([kit.get<OaDetail>(messagingPaths.oa(oa)), kit.get<OaDetail>(messagingPaths.oa(oa))]);
    expect(kit.sim.world.counters.refreshes - before).toBe(1);
    for (const answer of [one, two]) {
      expect(answer.status).toBe(200);
      expect(answer.body.data.quota).toEqual({ daily: 2000, remaining: expect.any(Number) });
      expect(answer.body.data.status).toBe('connected');
    }
    expect(kit.sim.world.counters.refreshRefused).toBe(0);
  });

  it('refreshes once for eight callers of the refresh itself, all given the new token', async () => {
    await expireAccessToken();
    const seen = await version();
    const before = kit.sim.world.counters.refreshes;
    const results = await Promise.all(Array.from({ length: 8 }, () => refreshOa(kit.server.deps, kit.anKhang, oa, seen)));
    expect(kit.sim.world.counters.refreshes - before).toBe(1);
    expect(new Set(results.map((result) => result.connection.secrets.accessToken)).size).toBe(1);
    expect(results.every((result) => result.oa.tokenVersion === seen + 1)).toBe(true);
  });

  it('refreshes a token Zalo revoked and tries the call again', async () => {
    kit.sim.world.revokeAccessTokens();
    const before = kit.sim.world.counters.refreshes;
    const answer = await kit.get<OaDetail>(messagingPaths.oa(oa));
    expect(answer.body.data.quota).not.toBeNull();
    expect(kit.sim.world.counters.refreshes - before).toBe(1);
  });

  it('schedules the next refresh an hour before the token ends, and the job refreshes it', async () => {
    const current = await version();
    const [row] = await kit.server.deps.db.select().from(zaloOas).where(eq(zaloOas.id, oa));
    const [job] = await kit.server.deps.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, 'zalo.refresh-token'), eq(jobs.dedupeKey, `oa:${oa}:v${current}`)));
    expect(job!.state).toBe('ready');
    expect(row!.accessExpiresAt!.getTime() - job!.runAt.getTime()).toBe(3600_000);
    await kit.server.deps.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await kit.drain();
    expect(await version()).toBe(current + 1);
  });

  it('shows the OA as needing reconnection when Zalo refuses the refresh token', async () => {
    const { deps } = kit.server;
    const connection = (await findConnection(
      deps,
      kit.anKhang,
      (await kit.server.deps.db.select().from(zaloOas).where(eq(zaloOas.id, oa)))[0]!.connectionId,
    ))!;
    await updateConnectionSecrets(deps, connection, { refreshToken: 'zrt.used-or-forged.x' });
    await expireAccessToken();
    const detail = await kit.get<OaDetail>(messagingPaths.oa(oa));
    expect(detail.status).toBe(200);
    expect(detail.body.data.status).toBe('needs_reconnect');
    expect(detail.body.data.quota_error).toContain('Vui lòng kết nối lại OA');
    const record = await oaOf(kit, oa);
    expect(record.status_message).toContain('Không làm mới được phiên kết nối Zalo OA');
    // Reconnecting through Zalo's consent page clears it.
    await connectDemoOa(kit);
    expect((await oaOf(kit, oa)).status).toBe('connected');
  });
});
