/**
 * send-multiple (docs/messaging.md "Send to many"): who a campaign would reach (count, a sample with
 * its data, what is missing, the OA's ZNS quota), creating one now or at a time, the list with
 * progress, one campaign and its recipients by status, retrying the failed, stopping it.
 */
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  CampaignActionSchema,
  CampaignAudienceSchema,
  CampaignCreateSchema,
  CampaignListQuery,
  RecipientListQuery,
  type AudienceAnswer,
  type RecipientRecord,
  type RecipientStatus,
} from '@contract/messaging-campaigns';
import { CompanyQuery } from '@contract/messaging';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { zaloCampaignRecipients } from '@server/kernel/db/schema';
import { badRequest } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { pathId } from '@server/kernel/validate';
import { pagedRows } from '@server/kernel/lists';
import { ProviderError } from '@server/lib/provider-http';
import { customerScope, type Access } from '@server/modules/roles';
import { resolveAudience } from './campaign-audience';
import { campaignRecord, cancelCampaign, createCampaign, listCampaigns, retryFailed } from './campaigns';
import { loadOa } from './oa-store';
import { withZalo } from './oa-tokens';
import { ID, messagingGuard } from './route-guard';
import { sendableTemplate } from './templates';
import { formatNumber } from '@contract/money';

export function campaignRoutes(deps: AppDeps) {
  const { db } = deps;
  const guard = messagingGuard(deps);
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  async function quotaOf(company: number, oa: number) {
    try {
      return await withZalo(deps, company, oa, (api) => api.quota());
    } catch (error) {
      if (error instanceof ProviderError) return null;
      throw error;
    }
  }

  async function audienceOf(input: Parameters<typeof resolveAudience>[1] & { template: number }, access: Access) {
    await loadOa(deps, input.company, input.oa);
    const template = await sendableTemplate(db, input.company, input.template, input.oa);
    const audience = await resolveAudience(db, input, template, await customerScope(db, access));
    return { template, audience };
  }

  app.post('/send-multiple/audience', async (c) => {
    const { input, access } = await guard.body(c, CampaignAudienceSchema, 'view');
    const { audience } = await audienceOf(input, access);
    const answer: AudienceAnswer = {
      count: audience.recipients.length,
      skipped: audience.skipped,
      sample: audience.recipients.slice(0, 5).map(({ name, phone, data }) => ({ name, phone, data })),
      missing: audience.missing,
      quota: await quotaOf(input.company, input.oa),
    };
    return ok(c, answer);
  });

  app.post('/send-multiple', async (c) => {
    const { input, access } = await guard.body(c, CampaignCreateSchema, 'create');
    const { template, audience } = await audienceOf(input, access);
    if (audience.recipients.length === 0)
      throw badRequest('VALIDATION_FAILED', 'Không có người nhận nào có số điện thoại hợp lệ và đủ dữ liệu cho mẫu ZNS');
    const now = !input.scheduled_at || Date.parse(input.scheduled_at) <= Date.now();
    if (!now && Date.parse(input.scheduled_at!) > Date.now() + 90 * 86_400_000) {
      throw badRequest('VALIDATION_FAILED', 'Chỉ hẹn giờ gửi trong vòng 90 ngày', { scheduled_at: 'Chỉ hẹn giờ gửi trong vòng 90 ngày' });
    }
    const quota = now ? await quotaOf(input.company, input.oa) : null;
    if (quota && audience.recipients.length > quota.remaining) {
      throw badRequest(
        'VALIDATION_FAILED',
        `Hạn mức ZNS còn lại hôm nay của OA là ${formatNumber(quota.remaining)} tin, chiến dịch cần ${formatNumber(audience.recipients.length)} tin. Hãy thu hẹp người nhận hoặc hẹn giờ gửi vào ngày mai.`,
      );
    }
    const id = await db.transaction((tx) =>
      createCampaign(tx, { ...input, templateRowId: template.id }, audience.recipients, access.accountId),
    );
    deps.jobs.kick();
    const message = now
      ? `Đang gửi tới ${formatNumber(audience.recipients.length)} người nhận`
      : `Đã hẹn giờ gửi tới ${formatNumber(audience.recipients.length)} người nhận`;
    return created(c, await campaignRecord(db, input.company, id), message);
  });

  app.get('/send-multiple', async (c) => {
    const { input } = await guard.query(c, CampaignListQuery);
    const { rows, count } = await listCampaigns(db, input.company, input.page, input.limit);
    return ok(c, rows, { count });
  });

  app.get(`/send-multiple/${ID}`, async (c) => {
    const { input } = await guard.query(c, CompanyQuery);
    return ok(c, await campaignRecord(db, input.company, pathId(c)));
  });

  app.get(`/send-multiple/${ID}/recipients`, async (c) => {
    const { input } = await guard.query(c, RecipientListQuery);
    const id = pathId(c);
    await campaignRecord(db, input.company, id);
    const where = and(
      eq(zaloCampaignRecipients.companyId, input.company),
      eq(zaloCampaignRecipients.campaignId, id),
      input.status ? eq(zaloCampaignRecipients.status, input.status) : undefined,
    );
    const { rows, count } = await pagedRows(
      db,
      db.select().from(zaloCampaignRecipients).where(where).$dynamic(),
      [asc(zaloCampaignRecipients.id)],
      input,
    );
    const data: RecipientRecord[] = rows.map((row) => ({
      id: row.id,
      phone: row.phone,
      name: row.name,
      customer: row.customerId,
      status: row.status as RecipientStatus,
      error: row.error,
      error_code: row.errorCode,
      attempts: row.attempts,
      sent_at: row.sentAt?.toISOString() ?? null,
    }));
    return ok(c, data, { count });
  });

  app.post(`/send-multiple/${ID}/retry`, async (c) => {
    const { input } = await guard.body(c, CampaignActionSchema, 'create');
    const id = pathId(c);
    const count = await db.transaction((tx) => retryFailed(tx, input.company, id));
    deps.jobs.kick();
    return ok(c, await campaignRecord(db, input.company, id), {
      message: count ? `Đang gửi lại ${formatNumber(count)} tin lỗi` : 'Không có tin lỗi để gửi lại',
    });
  });

  app.post(`/send-multiple/${ID}/cancel`, async (c) => {
    const { input } = await guard.body(c, CampaignActionSchema, 'create');
    const id = pathId(c);
    const count = await db.transaction((tx) => cancelCampaign(tx, input.company, id));
    return ok(c, await campaignRecord(db, input.company, id), {
      message: `Đã dừng chiến dịch, ${formatNumber(count)} tin chưa gửi`,
    });
  });

  return app;
}
