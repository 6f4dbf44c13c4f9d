/**
 * What the outside world does to the app in the Zalo simulator (./index.ts lists the paths under
 * `__sim/`), one named handler each: a user writes to or follows the OA (its event sent to every
 * app's webhook), apps registered, rate limit and phones without Zalo set, tokens revoked, the chat page.
 */
import type { Context } from 'hono';
import type { SimulatorContext } from '../host';
import type { ZaloState } from './state';
import { deliver, type Delivery } from './webhooks';
import { DEMO_OA_ID, type SimApp, type SimUser } from './world';
import { chatPage } from './chat-page';

/** What the calls share: the Zalo world, the webhook deliveries made so far, the simulator's context. */
export type ZaloSim = { state: ZaloState; deliveries: Delivery[]; context: SimulatorContext };

export type ZaloEvent = Record<string, unknown> & { event_name: string; timestamp: string };

/** Where a registered app's webhook is when its console names none: the app's own address (tests, demo). */
const DEFAULT_WEBHOOK_PATH = '/api/zalo-oa/webhook/';

async function input(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('json')) return ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
  return (await c.req.parseBody()) as Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function webhookUrl(sim: ZaloSim, registered: SimApp): string | null {
  if (registered.webhookUrl) return registered.webhookUrl;
  const base = sim.context.appUrl?.();
  return base ? `${base.replace(/\/$/, '')}${DEFAULT_WEBHOOK_PATH}` : null;
}

/** Sends an OA's event to every app that manages it (each with its own signature). */
export async function emit(sim: ZaloSim, oaId: string, event: ZaloEvent, times = 1) {
  const sent: Delivery[] = [];
  for (const registered of sim.state.apps.values()) {
    const url = webhookUrl(sim, registered);
    if (!url) continue;
    for (let copy = 0; copy < times; copy += 1) {
      const delivery = await deliver(url, registered, { ...event, oa_id: oaId });
      sim.deliveries.push(delivery);
      sent.push(delivery);
    }
  }
  return sent;
}

function ensureUser(state: ZaloState, oaId: string, userId: string, body: Record<string, unknown>): SimUser | null {
  const oa = state.oas.get(oaId);
  if (!oa || !/^\d{3,25}$/.test(userId)) return null;
  let user = oa.users.get(userId);
  if (!user) {
    user = {
      userId,
      displayName: text(body.display_name) || `Người dùng ${userId.slice(-4)}`,
      avatar: '',
      phone: /^0\d{9}$/.test(text(body.phone)) ? text(body.phone) : null,
      tags: [],
      isFollower: false,
      lastInteractionAt: null,
    };
    oa.users.set(userId, user);
  }
  return user;
}

/** A user writes to the OA: `{oa_id?, user_id, text, duplicate?}` (duplicate: Zalo delivers the event twice). */
export const userSends = (sim: ZaloSim) => async (c: Context) => {
  const body = await input(c);
  const oaId = text(body.oa_id) || DEMO_OA_ID;
  const user = ensureUser(sim.state, oaId, text(body.user_id), body);
  const message = text(body.text).trim();
  if (!user || !message) return c.json({ message: 'oa_id, user_id and text are needed' }, 400);
  user.lastInteractionAt = new Date();
  const sent = sim.state.record({
    oaId,
    kind: 'user',
    userId: user.userId,
    phone: null,
    text: message,
    templateId: null,
    templateData: null,
    trackingId: null,
  });
  const timestamp = String(Date.now());
  const event = {
    event_name: 'user_send_text',
    timestamp,
    user_id_by_app: `app-${user.userId}`,
    sender: { id: user.userId },
    recipient: { id: oaId },
    message: { msg_id: sent.msgId, text: message },
  };
  const result = await emit(sim, oaId, event, body.duplicate === true || body.duplicate === 'true' ? 2 : 1);
  if ((c.req.header('content-type') ?? '').includes('json')) return c.json({ msg_id: sent.msgId, deliveries: result });
  return c.redirect(`${sim.context.baseUrl}/__sim/chat?oa_id=${oaId}&user_id=${encodeURIComponent(user.userId)}`, 303);
};

/** A user follows or unfollows the OA: `{oa_id?, user_id}`. */
export const userFollows = (sim: ZaloSim, name: 'follow' | 'unfollow') => async (c: Context) => {
  const body = await input(c);
  const oaId = text(body.oa_id) || DEMO_OA_ID;
  const user = ensureUser(sim.state, oaId, text(body.user_id), body);
  if (!user) return c.json({ message: 'oa_id and user_id are needed' }, 400);
  user.isFollower = name === 'follow';
  user.lastInteractionAt = new Date();
  const event = {
    event_name: name,
    timestamp: String(Date.now()),
    user_id_by_app: `app-${user.userId}`,
    source: 'oa_profile',
    follower: { id: user.userId },
  };
  return c.json({ deliveries: await emit(sim, oaId, event) });
};

/** Registers an app at the simulated developer console: `{app_id, secret, oa_secret_key?, webhook_url?, name?}`. */
export const registerApp = (state: ZaloState) => async (c: Context) => {
  const body = await input(c);
  if (!/^\d{6,25}$/.test(text(body.app_id)) || !text(body.secret)) return c.json({ message: 'app_id (digits) and secret are needed' }, 400);
  const registered = state.registerApp({
    appId: text(body.app_id),
    secret: text(body.secret),
    ...(text(body.oa_secret_key) ? { oaSecretKey: text(body.oa_secret_key) } : {}),
    ...(text(body.webhook_url) ? { webhookUrl: text(body.webhook_url) } : {}),
    ...(text(body.name) ? { name: text(body.name) } : {}),
  });
  return c.json({ app_id: registered.appId, oa_secret_key: registered.oaSecretKey });
};

/** `{rate_per_second?, no_zalo_phones?: ['84…'], daily_quota?: {oa_id, quota}}`. */
export const configure = (state: ZaloState) => async (c: Context) => {
  const body = (await c.req.json().catch(() => ({}))) as {
    rate_per_second?: number;
    no_zalo_phones?: string[];
    daily_quota?: { oa_id?: string; quota: number; used?: number };
  };
  if (typeof body.rate_per_second === 'number' && body.rate_per_second > 0) state.config.ratePerSecond = body.rate_per_second;
  if (Array.isArray(body.no_zalo_phones)) state.config.noZaloPhones = new Set(body.no_zalo_phones.map(String));
  if (body.daily_quota) {
    const oa = state.oas.get(body.daily_quota.oa_id ?? DEMO_OA_ID);
    if (oa) {
      oa.dailyQuota = body.daily_quota.quota;
      if (typeof body.daily_quota.used === 'number') oa.usedQuota = body.daily_quota.used;
    }
  }
  return c.json({ rate_per_second: state.config.ratePerSecond });
};

export const revokeTokens = (state: ZaloState) => (c: Context) => {
  state.revokeAccessTokens();
  return c.json({ ok: true });
};

export const chat = (state: ZaloState) => (c: Context) => {
  const oa = state.oas.get(c.req.query('oa_id') ?? DEMO_OA_ID);
  if (!oa) return c.text('OA không tồn tại', 404);
  return c.html(chatPage(oa, state.messages, c.req.query('user_id') ?? null));
};

/** What the simulator's state shows: the apps (without their secret) and each OA's followers and quota. */
export const simState = ({ state, deliveries }: ZaloSim) => ({
  apps: [...state.apps.values()].map(({ secret: _secret, ...shown }) => shown),
  oas: [...state.oas.values()].map((oa) => ({
    oa_id: oa.oaId,
    name: oa.name,
    followers: [...oa.users.values()].filter((user) => user.isFollower).length,
    daily_quota: oa.dailyQuota,
    used_quota: oa.usedQuota,
  })),
  counters: state.counters,
  messages: state.messages,
  deliveries,
});
