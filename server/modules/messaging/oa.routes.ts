/**
 * zalo-oas and submit-new-oa (docs/messaging.md "Connecting"): the company's OAs, connecting one
 * (OAuth v4 with PKCE: the answer is Zalo's consent address), Zalo's callback (no sign-in: its
 * one-use state names the company and the person), an OA's settings (label, webhook key, messages
 * on order events), disconnecting, and requests to register a new OA.
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CompanyQuery,
  NewOaRequestSchema,
  OaConnectSchema,
  OaUpdateSchema,
  ORDER_EVENTS,
  type NewOaRequestRecord,
  type OaDetail,
} from '@contract/messaging';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { saveConnection, setConnectionStatus, updateConnectionSecrets } from '@server/kernel/connections';
import { accounts, zaloOaRequests, zaloOas } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import { ProviderError } from '@server/lib/provider-http';
import { completeConnect, startConnect } from './oa-connect';
import { listOaRecords } from './oa-records';
import { loadOa, OA_NOT_FOUND } from './oa-store';
import { withZalo } from './oa-tokens';
import { ID, messagingGuard } from './route-guard';
import { templateRow } from './templates';

export function oaRoutes(deps: AppDeps) {
  const { db } = deps;
  const guard = messagingGuard(deps);
  const app = new Hono<AppEnv>({ strict: false });

  // Zalo sends the browser here after consent: no token, the state decides (oa-connect.ts).
  app.get('/zalo-oas/callback', async (c) => {
    // What Zalo puts in the address, kept only when it can be a state, a code or an OA id.
    const param = (name: string) => {
      const value = c.req.query(name);
      return value !== undefined && value.length <= 512 && !value.includes('\u0000') ? value : undefined;
    };
    return c.redirect(
      await completeConnect(deps, { state: param('state'), code: param('code'), oa_id: param('oa_id'), error: param('error') }),
      302,
    );
  });

  app.use('*', authenticate(deps));

  async function record(companyId: number, id: number) {
    const [found] = await listOaRecords(deps, companyId, id);
    if (!found) throw notFound(OA_NOT_FOUND);
    return found;
  }

  app.get('/zalo-oas', async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    const rows = await listOaRecords(deps, input.company);
    return ok(c, rows, { count: rows.length });
  });

  app.post('/zalo-oas', async (c) => {
    const { input, access } = await guard.body(c, OaConnectSchema, 'edit', 'settings');
    return ok(c, await startConnect(deps, access.accountId, input));
  });

  app.get(`/zalo-oas/${ID}`, async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    const found = await record(input.company, pathId(c));
    let detail: OaDetail = { ...found, quota: null, quota_error: null };
    if (found.status === 'connected') {
      try {
        detail = { ...detail, quota: await withZalo(deps, input.company, found.id, (api) => api.quota()) };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        detail = { ...(await record(input.company, found.id)), quota: null, quota_error: error.message };
      }
    }
    return ok(c, detail);
  });

  app.put(`/zalo-oas/${ID}`, async (c) => {
    const { input } = await guard.body(c, OaUpdateSchema, 'edit', 'settings');
    const loaded = await loadOa(deps, input.company, pathId(c));
    if (input.order_events) {
      for (const event of ORDER_EVENTS) {
        const templateId = input.order_events[event];
        if (
          templateId !== null &&
          templateId !== undefined &&
          (await templateRow(db, input.company, templateId)).oaRowId !== loaded.oa.id
        ) {
          throw notFound('Không tìm thấy mẫu ZNS của OA này');
        }
      }
    }
    await db.transaction(async (tx) => {
      if (input.order_events) await tx.update(zaloOas).set({ orderEvents: input.order_events }).where(eq(zaloOas.id, loaded.oa.id));
      if (input.label || input.oa_secret_key) {
        const { connection } = loaded;
        if (input.oa_secret_key)
          await updateConnectionSecrets({ db: tx, vault: deps.vault }, connection, { oaSecretKey: input.oa_secret_key });
        if (input.label) {
          await saveConnection(tx, deps.vault, { ...connection, label: input.label, settings: connection.settings, secrets: {} });
        }
      }
    });
    return ok(c, await record(input.company, loaded.oa.id), { message: 'Đã lưu cài đặt OA' });
  });

  app.delete(`/zalo-oas/${ID}`, async (c) => {
    const { input } = await guard.query(c, CompanyQuery, 'edit', 'settings');
    const loaded = await loadOa(deps, input.company, pathId(c));
    // The tokens are dropped; followers, templates and history stay for a later reconnect.
    await db.transaction(async (tx) => {
      await updateConnectionSecrets({ db: tx, vault: deps.vault }, loaded.connection, { accessToken: '', refreshToken: '' });
      await setConnectionStatus(tx, loaded.connection.id, 'disconnected', 'Đã ngắt kết nối');
      await tx.update(zaloOas).set({ accessExpiresAt: null, refreshExpiresAt: null }).where(eq(zaloOas.id, loaded.oa.id));
    });
    return ok(c, await record(input.company, loaded.oa.id), { message: 'Đã ngắt kết nối OA' });
  });

  app.get('/submit-new-oa', async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    const rows = await db
      .select({ request: zaloOaRequests, by: accounts.fullName })
      .from(zaloOaRequests)
      .leftJoin(accounts, eq(accounts.id, zaloOaRequests.createdBy))
      .where(eq(zaloOaRequests.companyId, input.company))
      .orderBy(desc(zaloOaRequests.createdAt), desc(zaloOaRequests.id));
    const data: NewOaRequestRecord[] = rows.map(({ request, by }) => ({
      id: request.id,
      name: request.name,
      sector: request.sector,
      phone: request.phone,
      email: request.email,
      address: request.address,
      note: request.note,
      status: 'submitted',
      created_by: by,
      created_at: request.createdAt.toISOString(),
    }));
    return ok(c, data, { count: data.length });
  });

  app.post('/submit-new-oa', async (c) => {
    const { input, access } = await guard.body(c, NewOaRequestSchema, 'edit', 'settings');
    const [row] = await db
      .insert(zaloOaRequests)
      .values({
        companyId: input.company,
        name: input.name,
        sector: input.sector,
        phone: input.phone,
        email: input.email,
        address: input.address,
        note: input.note,
        createdBy: access.accountId,
      })
      .returning();
    return created(c, { id: row!.id }, 'Đã gửi yêu cầu đăng ký OA mới. Zalo sẽ xét duyệt trong 1–3 ngày làm việc.');
  });

  return app;
}
