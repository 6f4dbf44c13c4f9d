/**
 * A typed client for Zalo's documented calls (docs/messaging.md "Zalo's API"), over providerFetch:
 * OAuth v4 (https://oauth.zaloapp.com: consent address, code and refresh-token grants, form-encoded
 * with the app's `secret_key` header), the OA Open API (https://openapi.zalo.me v2.0/v3.0) and ZNS
 * (https://business.openapi.zalo.me), both with the OA's token in the `access_token` header. Every
 * answer `{error ≠ 0}` becomes a ProviderError with a Vietnamese message (./zalo-errors.ts).
 */
import { providerFetch, ProviderError, type ProviderRequest } from '@server/lib/provider-http';
import { zaloError } from './zalo-errors';

export type ZaloHosts = { oauth: string; openapi: string; business: string };

export const ZALO_PRODUCTION_HOSTS: ZaloHosts = {
  oauth: 'https://oauth.zaloapp.com',
  openapi: 'https://openapi.zalo.me',
  business: 'https://business.openapi.zalo.me',
};

/** The simulator serves the three hosts under one prefix (simulators/zalo). */
export function simulatorHosts(base: string): ZaloHosts {
  return { oauth: `${base}/oauth`, openapi: `${base}/openapi`, business: `${base}/business` };
}

export type ZaloTokens = { accessToken: string; refreshToken: string; expiresInSeconds: number };

type Answer = { error?: number; message?: string; data?: unknown };

async function call(url: string, request: ProviderRequest): Promise<Answer> {
  const answer = await providerFetch(url, request);
  const body = answer.body as Answer | null;
  if (answer.status === 401 || answer.status === 403)
    throw new ProviderError('auth', 'Zalo từ chối quyền truy cập của OA', { status: answer.status });
  if (!body || typeof body !== 'object') throw new ProviderError('server', 'Zalo trả về dữ liệu không đọc được', { status: answer.status });
  if (typeof body.error === 'number' && body.error !== 0) throw zaloError(body.error, body.message);
  return body;
}

export function authorizeUrl(
  hosts: ZaloHosts,
  input: { appId: string; redirectUri: string; codeChallenge: string; state: string },
): string {
  const query = new URLSearchParams({
    app_id: input.appId,
    redirect_uri: input.redirectUri,
    code_challenge: input.codeChallenge,
    state: input.state,
  });
  return `${hosts.oauth}/v4/oa/permission?${query.toString()}`;
}

async function tokenGrant(hosts: ZaloHosts, secret: string, form: Record<string, string>, timeoutMs: number): Promise<ZaloTokens> {
  const answer = await providerFetch(`${hosts.oauth}/v4/oa/access_token`, { form, headers: { secret_key: secret }, timeoutMs });
  const body = answer.body as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: string | number;
    error?: number;
    error_name?: string;
    error_description?: string;
  } | null;
  if (!body) throw new ProviderError('server', 'Zalo trả về dữ liệu không đọc được', { status: answer.status });
  // Zalo's PHP SDK reads the refusal's text from `error_name`; `error_description` is kept when given.
  if (typeof body.error === 'number' && body.error !== 0) throw zaloError(body.error, body.error_description ?? body.error_name);
  const expires = Number(body.expires_in);
  if (!body.access_token || !body.refresh_token || !Number.isFinite(expires)) {
    throw new ProviderError('server', 'Zalo trả về token không đầy đủ', { status: answer.status });
  }
  return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresInSeconds: expires };
}

export function exchangeCode(
  hosts: ZaloHosts,
  input: { appId: string; secret: string; code: string; codeVerifier: string },
  timeoutMs: number,
): Promise<ZaloTokens> {
  return tokenGrant(
    hosts,
    input.secret,
    { app_id: input.appId, code: input.code, grant_type: 'authorization_code', code_verifier: input.codeVerifier },
    timeoutMs,
  );
}

export function refreshTokens(
  hosts: ZaloHosts,
  input: { appId: string; secret: string; refreshToken: string },
  timeoutMs: number,
): Promise<ZaloTokens> {
  return tokenGrant(
    hosts,
    input.secret,
    { app_id: input.appId, refresh_token: input.refreshToken, grant_type: 'refresh_token' },
    timeoutMs,
  );
}

export type ZaloOaProfile = { oaId: string; name: string; avatar: string | null };
export type ZaloUserDetail = {
  userId: string;
  displayName: string;
  avatar: string | null;
  isFollower: boolean;
  /** DD/MM/YYYY as Zalo gives it. */
  lastInteractionDate: string | null;
  tags: string[];
  sharedPhone: string | null;
};
export type ZaloTemplateSummary = { templateId: string; name: string; status: string; quality: string | null };
export type ZaloTemplateInfo = ZaloTemplateSummary & {
  params: { name: string; require: boolean; type: string; maxLength: number | null }[];
  previewUrl: string | null;
  tag: string | null;
  price: number | null;
};

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/** The calls one OA makes with its access token. */
export function zaloApi(hosts: ZaloHosts, accessToken: string, timeoutMs: number) {
  const headers = { access_token: accessToken };
  const get = (url: string, query?: Record<string, string | number | undefined>) => call(url, { headers, query, timeoutMs });
  const post = (url: string, json: unknown) => call(url, { headers, json, timeoutMs });
  const data = (value: unknown) => JSON.stringify(value);

  return {
    async profile(): Promise<ZaloOaProfile> {
      const answer = (await get(`${hosts.openapi}/v2.0/oa/getoa`)).data as Record<string, unknown> | undefined;
      const oaId = str(answer?.oa_id);
      if (!oaId) throw new ProviderError('server', 'Zalo không trả về thông tin OA');
      return { oaId, name: str(answer?.name) ?? `OA ${oaId}`, avatar: str(answer?.avatar) };
    },

    /** One page (≤ 50) of the follower list. */
    async followers(offset: number, count: number): Promise<{ total: number; userIds: string[] }> {
      const answer = (await get(`${hosts.openapi}/v3.0/oa/user/getlist`, { data: data({ offset, count, is_follower: true }) })).data as
        { total?: number; users?: { user_id?: unknown }[] } | undefined;
      return {
        total: Number(answer?.total ?? 0),
        userIds: (answer?.users ?? []).map((user) => str(user.user_id)).filter((id): id is string => id !== null),
      };
    },

    async userDetail(userId: string): Promise<ZaloUserDetail> {
      const answer = ((await get(`${hosts.openapi}/v3.0/oa/user/detail`, { data: data({ user_id: userId }) })).data ?? {}) as Record<
        string,
        unknown
      >;
      const tags = (answer.tags_and_notes_info as { tag_names?: unknown[] } | undefined)?.tag_names ?? [];
      const shared = answer.shared_info as { phone?: unknown } | null | undefined;
      return {
        userId,
        displayName: str(answer.display_name) ?? `Người dùng ${userId.slice(-4)}`,
        avatar: str(answer.avatar),
        isFollower: answer.user_is_follower !== false,
        lastInteractionDate: str(answer.user_last_interaction_date),
        tags: tags.map(str).filter((tag): tag is string => tag !== null),
        sharedPhone: str(shared?.phone),
      };
    },

    /** A customer-service text; Zalo's message id. */
    async sendText(userId: string, text: string): Promise<string> {
      const answer = (await post(`${hosts.openapi}/v3.0/oa/message/cs`, { recipient: { user_id: userId }, message: { text } })).data as
        { message_id?: unknown } | undefined;
      return str(answer?.message_id) ?? '';
    },

    async templates(offset: number, limit: number): Promise<{ total: number; rows: ZaloTemplateSummary[] }> {
      const answer = await get(`${hosts.business}/template/all`, { offset, limit });
      const rows = (Array.isArray(answer.data) ? answer.data : []) as Record<string, unknown>[];
      const total = Number((answer as { metadata?: { total?: unknown } }).metadata?.total ?? rows.length);
      return {
        total,
        rows: rows.map((row) => ({
          templateId: str(row.templateId) ?? '',
          name: str(row.templateName) ?? '',
          status: str(row.status) ?? '',
          quality: str(row.templateQuality),
        })),
      };
    },

    async templateInfo(templateId: string): Promise<ZaloTemplateInfo> {
      const row = ((await get(`${hosts.business}/template/info/v2`, { template_id: templateId })).data ?? {}) as Record<string, unknown>;
      const params = (Array.isArray(row.listParams) ? row.listParams : []) as Record<string, unknown>[];
      const price = Number(row.price);
      return {
        templateId,
        name: str(row.templateName) ?? '',
        status: str(row.status) ?? '',
        quality: str(row.templateQuality),
        previewUrl: str(row.previewUrl),
        tag: str(row.templateTag),
        price: Number.isFinite(price) ? price : null,
        params: params.map((param) => ({
          name: str(param.name) ?? '',
          require: param.require === true,
          type: str(param.type) ?? 'STRING',
          maxLength: Number.isFinite(Number(param.maxLength)) ? Number(param.maxLength) : null,
        })),
      };
    },

    async templateSample(templateId: string): Promise<Record<string, string>> {
      const sample = ((await get(`${hosts.business}/template/sample-data`, { template_id: templateId })).data ?? {}) as Record<
        string,
        unknown
      >;
      return Object.fromEntries(Object.entries(sample).map(([name, value]) => [name, str(value) ?? '']));
    },

    async quota(): Promise<{ daily: number; remaining: number }> {
      const answer = ((await get(`${hosts.business}/message/quota`)).data ?? {}) as Record<string, unknown>;
      return { daily: Number(answer.dailyQuota ?? 0), remaining: Number(answer.remainingQuota ?? 0) };
    },

    /**
     * A ZNS by phone (84xxxxxxxxx). `trackingId` is ours, for matching Zalo's msg_id to our message:
     * Zalo does not de-duplicate on it, so a second call is a second message (messages-send.ts
     * never repeats a send whose answer was lost). `development` sends only to the OA's admins.
     */
    async sendZns(input: {
      phone: string;
      templateId: string;
      data: Record<string, string>;
      trackingId: string;
      development: boolean;
    }): Promise<string> {
      const answer = (
        await post(`${hosts.business}/message/template`, {
          phone: input.phone,
          template_id: input.templateId,
          template_data: input.data,
          tracking_id: input.trackingId,
          ...(input.development ? { mode: 'development' } : {}),
        })
      ).data as { msg_id?: unknown } | undefined;
      return str(answer?.msg_id) ?? '';
    },
  };
}

export type ZaloApi = ReturnType<typeof zaloApi>;
