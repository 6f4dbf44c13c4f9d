/**
 * What the simulated Zalo holds and does, apart from HTTP: apps, OAs, codes and tokens, users,
 * messages (every send is a new one, as at Zalo: a ZNS's tracking id is only kept), quotas, the
 * rate limit, and the events it pushes to the app's webhook (./webhooks.ts).
 */
import crypto from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, mintToken, readToken, REFRESH_TOKEN_SECONDS, type TokenClaims } from './tokens';
import {
  DEMO_APP,
  DEMO_OA_ID,
  demoTemplates,
  demoUsers,
  SECOND_OA_ID,
  type SimApp,
  type SimMessage,
  type SimOa,
  type SimUser,
} from './world';

type PendingCode = { appId: string; oaId: string; challenge: string; redirectUri: string; expiresAt: number; used: boolean };

export type SimConfig = {
  /** Message sends per OA per second before Zalo answers -32. */
  ratePerSecond: number;
  /** Phones with no Zalo account (ZNS -118). */
  noZaloPhones: Set<string>;
};

export function createZaloState() {
  const apps = new Map<string, SimApp>();
  const oas = new Map<string, SimOa>();
  const codes = new Map<string, PendingCode>();
  const usedRefresh = new Set<string>();
  /** The newest access token's nonce per app and OA: older ones are refused (Zalo's rule). */
  const currentAccess = new Map<string, string>();
  const messages: SimMessage[] = [];
  const sendTimes = new Map<string, number[]>();
  const config: SimConfig = { ratePerSecond: 100, noZaloPhones: new Set() };
  const counters = { tokenExchanges: 0, refreshes: 0, refreshRefused: 0 };

  function reset() {
    apps.clear();
    oas.clear();
    codes.clear();
    usedRefresh.clear();
    currentAccess.clear();
    messages.length = 0;
    sendTimes.clear();
    config.ratePerSecond = 100;
    config.noZaloPhones.clear();
    counters.tokenExchanges = 0;
    counters.refreshes = 0;
    counters.refreshRefused = 0;
    apps.set(DEMO_APP.appId, {
      appId: DEMO_APP.appId,
      secret: DEMO_APP.secret,
      oaSecretKey: DEMO_APP.oaSecretKey,
      name: 'Sales Field – An Khang',
      webhookUrl: null,
    });
    const now = new Date();
    oas.set(DEMO_OA_ID, {
      oaId: DEMO_OA_ID,
      name: 'Dược phẩm An Khang',
      avatar: 'https://s160-ava-talk.zadn.vn/demo/ankhang.jpg',
      users: new Map(demoUsers(now).map((user) => [user.userId, user])),
      templates: demoTemplates(),
      dailyQuota: 2000,
      usedQuota: 0,
    });
    oas.set(SECOND_OA_ID, {
      oaId: SECOND_OA_ID,
      name: 'Nhà thuốc An Khang Online',
      avatar: 'https://s160-ava-talk.zadn.vn/demo/online.jpg',
      users: new Map(),
      templates: demoTemplates().slice(0, 2),
      dailyQuota: 500,
      usedQuota: 0,
    });
  }
  reset();

  function issueTokens(appId: string, oaId: string) {
    const exp = Math.floor(Date.now() / 1000);
    const access = mintToken({ kind: 'access', appId, oaId, exp: exp + ACCESS_TOKEN_SECONDS });
    const refresh = mintToken({ kind: 'refresh', appId, oaId, exp: exp + REFRESH_TOKEN_SECONDS });
    currentAccess.set(`${appId}:${oaId}`, access.nonce);
    return { access_token: access.token, refresh_token: refresh.token, expires_in: String(ACCESS_TOKEN_SECONDS) };
  }

  return {
    apps,
    oas,
    messages,
    config,
    counters,
    reset,

    registerApp(app: Partial<SimApp> & { appId: string; secret: string }) {
      apps.set(app.appId, { oaSecretKey: `${app.appId}-oa-secret`, name: `Ứng dụng ${app.appId}`, webhookUrl: null, ...app });
      return apps.get(app.appId)!;
    },

    newCode(input: Omit<PendingCode, 'expiresAt' | 'used'>): string {
      const code = crypto.randomBytes(24).toString('base64url');
      codes.set(code, { ...input, expiresAt: Date.now() + 10 * 60_000, used: false });
      return code;
    },

    /** Code → tokens; a string is the refusal (Zalo's OAuth error). */
    exchangeCode(appId: string, code: string, verifierChallenge: string | null): ReturnType<typeof issueTokens> | string {
      const pending = codes.get(code);
      if (!pending || pending.used || pending.expiresAt < Date.now() || pending.appId !== appId) return 'invalid_code';
      pending.used = true;
      if (pending.challenge && pending.challenge !== verifierChallenge) return 'invalid_code_verifier';
      counters.tokenExchanges += 1;
      return issueTokens(appId, pending.oaId);
    },

    refresh(appId: string, refreshToken: string): ReturnType<typeof issueTokens> | string {
      counters.refreshes += 1;
      // The demo's first refresh token is always taken: a database seeded afresh against a simulator
      // that already saw it (another app process on the same simulator) still starts.
      if (appId === DEMO_APP.appId && refreshToken === DEMO_APP.bootstrapRefreshToken) return issueTokens(appId, DEMO_OA_ID);
      const claims = readToken(refreshToken, 'refresh');
      if (!claims || claims.appId !== appId || usedRefresh.has(claims.nonce)) {
        counters.refreshRefused += 1;
        return 'invalid_refresh_token';
      }
      usedRefresh.add(claims.nonce);
      return issueTokens(appId, claims.oaId);
    },

    /** The OA an access token opens, or null (unknown, expired, or replaced by a newer one). */
    oaOf(accessToken: string | undefined): SimOa | null {
      const claims: TokenClaims | null = readToken(accessToken, 'access');
      if (!claims) return null;
      const current = currentAccess.get(`${claims.appId}:${claims.oaId}`);
      if (current !== undefined && current !== claims.nonce) return null;
      return oas.get(claims.oaId) ?? null;
    },

    /** Revokes every access token (tests: the next call must refresh). */
    revokeAccessTokens() {
      for (const key of currentAccess.keys()) currentAccess.set(key, 'revoked');
    },

    /** Counts one message send for the OA's rate limit; false when over it (-32). */
    takeRate(oaId: string): boolean {
      const now = Date.now();
      const times = (sendTimes.get(oaId) ?? []).filter((time) => now - time < 1000);
      if (times.length >= config.ratePerSecond) {
        sendTimes.set(oaId, times);
        return false;
      }
      times.push(now);
      sendTimes.set(oaId, times);
      return true;
    },

    record(message: Omit<SimMessage, 'msgId' | 'at'>): SimMessage {
      const full: SimMessage = { ...message, msgId: crypto.randomBytes(12).toString('hex'), at: new Date().toISOString() };
      messages.push(full);
      return full;
    },

    user(oaId: string, userId: string): SimUser | undefined {
      return oas.get(oaId)?.users.get(userId);
    },
  };
}

export type ZaloState = ReturnType<typeof createZaloState>;
