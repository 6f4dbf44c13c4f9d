/**
 * followers and templates (docs/messaging.md "Followers", "Templates"): the follower list and one
 * follower with suggested customers, linking (confirming) and unlinking; starting a sync from Zalo;
 * an OA's ZNS templates, a template's bindings to order and customer fields, and its preview.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CompanyQuery,
  FollowerLinkSchema,
  FollowerListQuery,
  OaBody,
  TemplateBindingsSchema,
  TemplateListQuery,
  TemplatePreviewQuery,
} from '@contract/messaging';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { zaloFollowers } from '@server/kernel/db/schema';
import { notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import { followerRecords, listFollowers } from './followers-list';
import { linkFollower } from './followers-write';
import { answeringProviderError, loadOa } from './oa-store';
import { enqueueSyncs } from './oa-syncs';
import { listOaRecords } from './oa-records';
import { ID, messagingGuard } from './route-guard';
import { listTemplates, previewTemplate, saveBindings, templateRecord, templateRow } from './templates';
import { syncTemplates } from './templates-sync';

export function followerRoutes(deps: AppDeps) {
  const { db } = deps;
  const guard = messagingGuard(deps);
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  async function follower(companyId: number, id: number) {
    const rows = await db
      .select()
      .from(zaloFollowers)
      .where(and(eq(zaloFollowers.companyId, companyId), eq(zaloFollowers.id, id)));
    const [found] = await followerRecords(db, companyId, rows);
    if (!found) throw notFound('Không tìm thấy người quan tâm');
    return found;
  }

  app.get('/followers', async (c) => {
    const { input } = await guard.query(c, FollowerListQuery);
    await loadOa(deps, input.company, input.oa);
    const { rows, count } = await listFollowers(db, input);
    return ok(c, rows, { count });
  });

  app.post('/followers/sync', async (c) => {
    const { input } = await guard.body(c, OaBody, 'edit');
    const { oa } = await loadOa(deps, input.company, input.oa);
    await db.transaction((tx) => enqueueSyncs(tx, oa, { followers: true }));
    deps.jobs.kick();
    const [record] = await listOaRecords(deps, input.company, oa.id);
    return ok(c, record, { message: 'Đang đồng bộ người quan tâm từ Zalo' });
  });

  app.get(`/followers/${ID}`, async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    return ok(c, await follower(input.company, pathId(c)));
  });

  app.put(`/followers/${ID}`, async (c) => {
    const { input, access } = await guard.body(c, FollowerLinkSchema, 'edit');
    await linkFollower(db, input.company, pathId(c), input.customer, access.accountId);
    return ok(c, await follower(input.company, pathId(c)), {
      message: input.customer ? 'Đã liên kết với khách hàng' : 'Đã bỏ liên kết khách hàng',
    });
  });

  app.get('/templates', async (c) => {
    const { input } = await guard.query(c, TemplateListQuery);
    await loadOa(deps, input.company, input.oa);
    const rows = await listTemplates(db, input.company, input.oa, input.status);
    return ok(c, rows, { count: rows.length });
  });

  app.post('/templates/sync', async (c) => {
    const { input } = await guard.body(c, OaBody, 'edit');
    await loadOa(deps, input.company, input.oa);
    const count = await answeringProviderError(() => syncTemplates(deps, input.company, input.oa));
    const rows = await listTemplates(db, input.company, input.oa);
    return ok(c, rows, { count: rows.length, message: `Đã đồng bộ ${count} mẫu ZNS từ Zalo` });
  });

  app.get(`/templates/${ID}`, async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    return ok(c, templateRecord(await templateRow(db, input.company, pathId(c))));
  });

  app.put(`/templates/${ID}`, async (c) => {
    const { input } = await guard.body(c, TemplateBindingsSchema, 'edit');
    return ok(c, await saveBindings(db, input.company, pathId(c), input.bindings), { message: 'Đã lưu cách điền tham số' });
  });

  app.get(`/templates/${ID}/preview`, async (c) => {
    const { input } = await guard.query(c, TemplatePreviewQuery);
    return ok(c, await previewTemplate(db, input.company, pathId(c), { order: input.order, customer: input.customer }));
  });

  return app;
}
