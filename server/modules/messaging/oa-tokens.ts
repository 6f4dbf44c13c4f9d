/**
 * The OA's access token (docs/messaging.md "Tokens"): Zalo's lasts about 25 hours and its refresh
 * token, about 3 months, works once. One caller at a time refreshes an OA, holding a lease on its
 * row (`refreshing_until`, claimed only for the token version it saw): the others wait and take the
 * new token, so a refresh token is never sent twice, even by several processes on one PostgreSQL.
 * A refresh Zalo refuses marks the OA "needs reconnection". A job refreshes each OA an hour before
 * its token ends, so senders rarely refresh themselves.
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import { setConnectionStatus, updateConnectionSecrets, type Connection } from '@server/kernel/connections';
import type { Db } from '@server/kernel/db/client';
import { zaloOas } from '@server/kernel/db/schema';
import { enqueueJob, PermanentJobError, type JobHandler } from '@server/kernel/jobs';
import { ProviderError } from '@server/lib/provider-http';
import { loadOa, zaloHosts, type LoadedOa, type OaRow, type ZaloConnection } from './oa-store';
import { refreshTokens, zaloApi, type ZaloApi, type ZaloTokens } from './zalo-client';

/** A token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 10 * 60_000;
/** The background refresh runs this long before the token ends. */
const BACKGROUND_LEAD_MS = 60 * 60_000;
const WAIT_STEP_MS = 100;
const REFRESH_QUEUE = 'zalo.refresh-token';

const leaseMs = (deps: Pick<AppDeps, 'env'>) => deps.env.providerTimeoutMs * 2 + 5_000;

export class OaNeedsReconnect extends ProviderError {}

/** Writes freshly issued tokens and moves the OA to the next token version; schedules the next refresh. */
export async function saveTokens(
  db: Db,
  deps: Pick<AppDeps, 'vault'>,
  loaded: { oa: Pick<OaRow, 'id' | 'companyId'>; connection: Connection },
  tokens: ZaloTokens,
) {
  const now = Date.now();
  const accessExpiresAt = new Date(now + tokens.expiresInSeconds * 1000);
  const [saved] = await db
    .update(zaloOas)
    .set({
      tokenVersion: sql`${zaloOas.tokenVersion} + 1`,
      accessExpiresAt,
      refreshExpiresAt: new Date(now + 90 * 24 * 3600_000),
      refreshingUntil: null,
    })
    .where(eq(zaloOas.id, loaded.oa.id))
    .returning({ version: zaloOas.tokenVersion });
  await updateConnectionSecrets({ db, vault: deps.vault }, loaded.connection, {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
  });
  await setConnectionStatus(db, loaded.connection.id, 'connected');
  await enqueueJob(db, {
    queue: REFRESH_QUEUE,
    companyId: loaded.oa.companyId,
    dedupeKey: `oa:${loaded.oa.id}:v${saved?.version}`,
    payload: { oa: loaded.oa.id, company: loaded.oa.companyId, version: saved?.version },
    runAt: new Date(Math.max(now, accessExpiresAt.getTime() - BACKGROUND_LEAD_MS)),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Refreshes the OA's tokens unless another caller already moved past `seenVersion`; either way
 * answers the OA as it is afterwards (with the new token).
 */
export async function refreshOa(deps: AppDeps, companyId: number, oaId: number, seenVersion: number): Promise<LoadedOa> {
  const deadline = Date.now() + leaseMs(deps) + 5_000;
  for (;;) {
    const [claimed] = await deps.db
      .update(zaloOas)
      .set({ refreshingUntil: new Date(Date.now() + leaseMs(deps)) })
      .where(
        and(
          eq(zaloOas.id, oaId),
          eq(zaloOas.companyId, companyId),
          eq(zaloOas.tokenVersion, seenVersion),
          or(isNull(zaloOas.refreshingUntil), lt(zaloOas.refreshingUntil, new Date())),
        ),
      )
      .returning({ id: zaloOas.id });
    if (claimed) return refreshClaimed(deps, companyId, oaId);
    const loaded = await loadOa(deps, companyId, oaId);
    if (loaded.oa.tokenVersion !== seenVersion) {
      if (loaded.connection.status === 'needs_reconnect') throw reconnectError(loaded.connection);
      return loaded;
    }
    if (Date.now() > deadline) throw new ProviderError('timeout', 'Đang làm mới phiên kết nối Zalo OA, vui lòng thử lại sau giây lát');
    await sleep(WAIT_STEP_MS);
  }
}

function reconnectError(connection: Pick<ZaloConnection, 'statusMessage'>) {
  return new OaNeedsReconnect('auth', connection.statusMessage ?? 'OA cần được kết nối lại');
}

async function refreshClaimed(deps: AppDeps, companyId: number, oaId: number): Promise<LoadedOa> {
  const loaded = await loadOa(deps, companyId, oaId);
  const { connection } = loaded;
  const release = () => deps.db.update(zaloOas).set({ refreshingUntil: null }).where(eq(zaloOas.id, oaId));
  if (!connection.secrets.refreshToken || !connection.secrets.appSecret) {
    await release();
    await setConnectionStatus(deps.db, connection.id, 'needs_reconnect', 'Thiếu token của OA, vui lòng kết nối lại');
    throw reconnectError({ statusMessage: 'Thiếu token của OA, vui lòng kết nối lại' });
  }
  let tokens: ZaloTokens;
  try {
    tokens = await refreshTokens(
      zaloHosts(deps, connection),
      { appId: connection.settings.appId, secret: connection.secrets.appSecret, refreshToken: connection.secrets.refreshToken },
      deps.env.providerTimeoutMs,
    );
  } catch (error) {
    await release();
    if (error instanceof ProviderError && (error.failure === 'auth' || error.failure === 'rejected')) {
      const message = `Không làm mới được phiên kết nối Zalo OA (${error.message}). Vui lòng kết nối lại OA.`;
      await setConnectionStatus(deps.db, connection.id, 'needs_reconnect', message);
      throw new OaNeedsReconnect('auth', message, error.details);
    }
    // A timeout may have used the refresh token at Zalo: the next caller finds out (and asks to reconnect).
    throw error;
  }
  await deps.db.transaction((tx) => saveTokens(tx, deps, loaded, tokens));
  return loadOa(deps, companyId, oaId);
}

function tokenUsable(oa: OaRow): boolean {
  return oa.accessExpiresAt !== null && oa.accessExpiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
}

/**
 * Runs `work` with the OA's Zalo calls: the token refreshed first when it ends soon, and once more
 * when Zalo refuses it (revoked, replaced), then the work is tried again.
 */
export async function withZalo<T>(
  deps: AppDeps,
  companyId: number,
  oaId: number,
  work: (api: ZaloApi, loaded: LoadedOa) => Promise<T>,
): Promise<T> {
  let loaded = await loadOa(deps, companyId, oaId);
  if (loaded.connection.status === 'disconnected') throw new OaNeedsReconnect('auth', 'OA đã ngắt kết nối');
  if (loaded.connection.status === 'needs_reconnect') throw reconnectError(loaded.connection);
  if (!tokenUsable(loaded.oa) || !loaded.connection.secrets.accessToken)
    loaded = await refreshOa(deps, companyId, oaId, loaded.oa.tokenVersion);
  const api = (current: LoadedOa) =>
    zaloApi(zaloHosts(deps, current.connection), current.connection.secrets.accessToken ?? '', deps.env.providerTimeoutMs);
  try {
    return await work(api(loaded), loaded);
  } catch (error) {
    if (!(error instanceof ProviderError) || error.failure !== 'auth' || error instanceof OaNeedsReconnect) throw error;
    loaded = await refreshOa(deps, companyId, oaId, loaded.oa.tokenVersion);
    return work(api(loaded), loaded);
  }
}

type RefreshPayload = { oa: number; company: number; version: number };

export const refreshTokenJob: JobHandler<RefreshPayload> = {
  queue: REFRESH_QUEUE,
  async run(job, deps) {
    const { oa, company, version } = job.payload;
    const loaded = await loadOa(deps, company, oa).catch(() => null);
    if (!loaded || loaded.oa.tokenVersion !== version || loaded.connection.status !== 'connected') return { skipped: true };
    try {
      await refreshOa(deps, company, oa, version);
    } catch (error) {
      if (error instanceof OaNeedsReconnect) throw new PermanentJobError(error.message);
      throw error;
    }
    return { refreshed: true };
  },
};
