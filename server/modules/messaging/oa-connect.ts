/**
 * Connecting an OA (docs/messaging.md "Connecting"): OAuth v4 with PKCE. The start seals the code
 * verifier and the app's secrets in a one-use state (10 minutes) and answers Zalo's consent address;
 * Zalo sends the browser back to the callback with the code, which is exchanged for the tokens; the
 * OA's profile is read, and the connection (secrets sealed) and the OA row are written together.
 * A reconnect (same company, same OA) keeps the OA's followers, templates and history.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { ZALO_SWITCH, type OaConnectAnswer, type OaConnectInput } from '@contract/messaging';
import type { AppDeps } from '@server/kernel/app-types';
import { saveConnection } from '@server/kernel/connections';
import { providerConnections, zaloOas, zaloOauthStates } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { isSwitchOn } from '@server/kernel/switches';
import { ProviderError } from '@server/lib/provider-http';
import { loadOa, redirectUri, zaloHosts, ZALO_PROVIDER, type ZaloConnection, type ZaloSecrets } from './oa-store';
import { saveTokens } from './oa-tokens';
import { enqueueSyncs } from './oa-syncs';
import { authorizeUrl, exchangeCode, zaloApi } from './zalo-client';

const STATE_TTL_MS = 10 * 60_000;
const TAKEN = 'OA này đang được kết nối với một công ty khác trong hệ thống';

type Pending = {
  verifier: string;
  appId: string;
  appSecret: string;
  oaSecretKey: string | null;
  environment: OaConnectInput['environment'];
  label: string | null;
};

const sealContext = (state: string) => `zalo-oauth:${state}`;
const random = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

export async function startConnect(deps: AppDeps, accountId: number, input: OaConnectInput): Promise<OaConnectAnswer> {
  let kept: ZaloSecrets = {};
  if (input.oa !== undefined) kept = (await loadOa(deps, input.company, input.oa)).connection.secrets;
  const appSecret = input.app_secret ?? kept.appSecret;
  if (!appSecret)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập khóa bí mật ứng dụng', { app_secret: 'Vui lòng nhập khóa bí mật ứng dụng' });
  if (input.environment === 'simulator' && !deps.simulatorUrl) {
    throw badRequest('VALIDATION_FAILED', 'Trình giả lập Zalo không chạy trên máy chủ này', { environment: 'Trình giả lập không chạy' });
  }
  const state = random(24);
  const verifier = random(48);
  const pending: Pending = {
    verifier,
    appId: input.app_id,
    appSecret,
    oaSecretKey: input.oa_secret_key ?? kept.oaSecretKey ?? null,
    environment: input.environment,
    label: input.label,
  };
  await deps.db.insert(zaloOauthStates).values({
    state,
    companyId: input.company,
    accountId,
    sealed: deps.vault.seal(JSON.stringify(pending), sealContext(state)),
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  const hosts = zaloHosts(deps, { environment: input.environment, provider: ZALO_PROVIDER, settings: { appId: input.app_id, oaName: '' } });
  const codeChallenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { authorize_url: authorizeUrl(hosts, { appId: input.app_id, redirectUri: redirectUri(deps), codeChallenge, state }), state };
}

async function connectedElsewhere(deps: AppDeps, companyId: number, oaId: string): Promise<boolean> {
  const [other] = await deps.db
    .select({ id: zaloOas.id })
    .from(zaloOas)
    .innerJoin(providerConnections, eq(providerConnections.id, zaloOas.connectionId))
    .where(and(eq(zaloOas.oaId, oaId), ne(zaloOas.companyId, companyId), ne(providerConnections.status, 'disconnected')))
    .limit(1);
  return other !== undefined;
}

export type CallbackQuery = { state?: string; code?: string; oa_id?: string; error?: string };

/** Where the browser goes after the callback: the OA screen, saying what happened. */
export async function completeConnect(deps: AppDeps, query: CallbackQuery): Promise<string> {
  const fail = (message: string) => `/zalo-oa?zalo_error=${encodeURIComponent(message)}`;
  if (!query.state || query.state.length > 100) return fail('Yêu cầu kết nối không hợp lệ');
  const [claimed] = await deps.db
    .update(zaloOauthStates)
    .set({ usedAt: new Date() })
    .where(and(eq(zaloOauthStates.state, query.state), isNull(zaloOauthStates.usedAt), gt(zaloOauthStates.expiresAt, new Date())))
    .returning();
  if (!claimed) return fail('Yêu cầu kết nối đã hết hạn hoặc đã được dùng, vui lòng kết nối lại');
  if (query.error || !query.code || !query.oa_id) return fail('Bạn chưa cho phép ứng dụng quản lý OA trên Zalo');
  if (!(await isSwitchOn(deps.db, claimed.companyId, ZALO_SWITCH))) return fail('Công ty chưa bật chức năng Zalo OA');
  // Zalo keeps one live token per app and OA (a new one revokes the last): two companies on one OA
  // would revoke each other's, so the code is not even exchanged.
  if (await connectedElsewhere(deps, claimed.companyId, query.oa_id)) return fail(TAKEN);
  const pending = JSON.parse(deps.vault.open(claimed.sealed, sealContext(claimed.state))) as Pending;
  const hosts = zaloHosts(deps, {
    environment: pending.environment,
    provider: ZALO_PROVIDER,
    settings: { appId: pending.appId, oaName: '' },
  });
  try {
    const tokens = await exchangeCode(
      hosts,
      { appId: pending.appId, secret: pending.appSecret, code: query.code, codeVerifier: pending.verifier },
      deps.env.providerTimeoutMs,
    );
    const profile = await zaloApi(hosts, tokens.accessToken, deps.env.providerTimeoutMs).profile();
    if (profile.oaId !== query.oa_id && (await connectedElsewhere(deps, claimed.companyId, profile.oaId))) return fail(TAKEN);
    const oaRowId = await deps.db.transaction(async (tx) => {
      const secrets: Record<string, string | undefined> = { appSecret: pending.appSecret, oaSecretKey: pending.oaSecretKey ?? undefined };
      const connection = (await saveConnection(tx, deps.vault, {
        companyId: claimed.companyId,
        provider: ZALO_PROVIDER,
        accountKey: profile.oaId,
        label: pending.label ?? profile.name,
        environment: pending.environment,
        settings: { appId: pending.appId, oaName: profile.name },
        secrets,
        createdBy: claimed.accountId,
      })) as ZaloConnection;
      const [oa] = await tx
        .insert(zaloOas)
        .values({
          companyId: claimed.companyId,
          connectionId: connection.id,
          oaId: profile.oaId,
          appId: pending.appId,
          name: profile.name,
          avatar: profile.avatar,
          createdBy: claimed.accountId,
        })
        .onConflictDoUpdate({
          target: [zaloOas.companyId, zaloOas.oaId],
          set: { connectionId: connection.id, appId: pending.appId, name: profile.name, avatar: profile.avatar, refreshingUntil: null },
        })
        .returning();
      if (!oa) throw new Error('OA not saved');
      await saveTokens(tx, deps, { oa, connection }, tokens);
      await enqueueSyncs(tx, oa);
      return oa.id;
    });
    deps.jobs.kick();
    return `/zalo-oa?connected=${oaRowId}`;
  } catch (error) {
    if (error instanceof ProviderError) return fail(`Không kết nối được OA: ${error.message}`);
    throw error;
  }
}
