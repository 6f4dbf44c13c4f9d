/**
 * Zalo's OA Open API (https://openapi.zalo.me; docs/messaging.md): OA profile, the follower list
 * (paged, at most 50 a page), a user's detail, and customer-service messages, which reach only a
 * user who interacted with the OA in the last 7 days (-230). The `access_token` header carries the
 * OA's token (-216 when it is invalid, expired or replaced); sends above the OA's rate answer -32.
 * Every answer is HTTP 200 with `error` (0 is success), as Zalo's are. Bad input answers the OA
 * message code table's numbers (simulators/zalo/fixtures/oa-message-cs.json): -203 invalid
 * parameter, -204 invalid message, -207 invalid user id (-201 there is an invalid token).
 */
import { Hono, type Context } from 'hono';
import type { ZaloState } from './state';
import type { SimOa } from './world';

const WINDOW_MS = 7 * 24 * 3600_000;

export const zaloError = (error: number, message: string) => ({ error, message });

function dmy(date: Date): string {
  const iso = new Date(date.getTime() + 7 * 3600_000).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** The `data` query parameter Zalo's GET calls take: JSON text. */
function dataParam(c: Context): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(c.req.query('data') ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function withOa(state: ZaloState, c: Context, invalidCode: number): SimOa | Response {
  const oa = state.oaOf(c.req.header('access_token'));
  return oa ?? c.json(zaloError(invalidCode, 'Access token is invalid or expired'));
}

export function openApiRoutes(state: ZaloState) {
  const app = new Hono({ strict: false });

  app.get('/v2.0/oa/getoa', (c) => {
    const oa = withOa(state, c, -216);
    if (oa instanceof Response) return oa;
    const followers = [...oa.users.values()].filter((user) => user.isFollower).length;
    return c.json({ error: 0, message: 'Success', data: { oa_id: oa.oaId, name: oa.name, avatar: oa.avatar, num_follower: followers } });
  });

  app.get('/v3.0/oa/user/getlist', (c) => {
    const oa = withOa(state, c, -216);
    if (oa instanceof Response) return oa;
    const data = dataParam(c);
    const offset = Number(data?.offset ?? 0);
    const count = Number(data?.count ?? 0);
    if (!data || !Number.isInteger(offset) || offset < 0 || !Number.isInteger(count) || count < 1 || count > 50) {
      return c.json(zaloError(-203, 'Invalid parameter: count must be 1–50'));
    }
    const followers = [...oa.users.values()].filter((user) => user.isFollower || data.is_follower === false);
    const page = followers.slice(offset, offset + count);
    return c.json({
      error: 0,
      message: 'Success',
      data: { total: followers.length, count: page.length, offset, users: page.map((user) => ({ user_id: user.userId })) },
    });
  });

  app.get('/v3.0/oa/user/detail', (c) => {
    const oa = withOa(state, c, -216);
    if (oa instanceof Response) return oa;
    const user = oa.users.get(String(dataParam(c)?.user_id ?? ''));
    if (!user) return c.json(zaloError(-207, 'Invalid user id'));
    return c.json({
      error: 0,
      message: 'Success',
      data: {
        user_id: user.userId,
        display_name: user.displayName,
        avatar: user.avatar,
        user_is_follower: user.isFollower,
        user_last_interaction_date: user.lastInteractionAt ? dmy(user.lastInteractionAt) : null,
        tags_and_notes_info: { tag_names: user.tags, notes: [] },
        shared_info: user.phone ? { phone: `84${user.phone.slice(1)}`, name: user.displayName } : null,
      },
    });
  });

  app.post('/v3.0/oa/message/cs', async (c) => {
    const oa = withOa(state, c, -216);
    if (oa instanceof Response) return oa;
    const body = (await c.req.json().catch(() => null)) as { recipient?: { user_id?: string }; message?: { text?: string } } | null;
    const text = body?.message?.text;
    const user = oa.users.get(body?.recipient?.user_id ?? '');
    if (!user) return c.json(zaloError(-207, 'Invalid user id'));
    if (typeof text !== 'string' || text === '') return c.json(zaloError(-204, 'Invalid message'));
    if (!state.takeRate(oa.oaId)) return c.json(zaloError(-32, 'Exceed rate limit of this OA'));
    if (!user.lastInteractionAt || Date.now() - user.lastInteractionAt.getTime() > WINDOW_MS) {
      return c.json(zaloError(-230, 'User has not interacted with the OA in the past 7 days'));
    }
    const sent = state.record({
      oaId: oa.oaId,
      kind: 'cs',
      userId: user.userId,
      phone: null,
      text,
      templateId: null,
      templateData: null,
      trackingId: null,
    });
    return c.json({ error: 0, message: 'Success', data: { message_id: sent.msgId, user_id: user.userId } });
  });

  return app;
}
