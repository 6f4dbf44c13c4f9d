/**
 * Zalo Notification Service (https://business.openapi.zalo.me; docs/messaging.md "Templates",
 * "Send to many"): the OA's templates (list, detail, sample data), the daily quota, and a template
 * message by phone (84xxxxxxxxx or 0xxxxxxxxx, both accepted by Zalo's table). Like Zalo, a send
 * is a new message every time: `tracking_id` is kept beside the message for reconciliation, not
 * de-duplicated (simulators/zalo/fixtures/zns-message-template.json). Errors by Zalo's table
 * (zalo.cloud/zns/guidelines/handle-error-code): -108 phone, -109 template, -111 no data, -112
 * data, -118 no Zalo account (third-party clients), -124 token, -144 daily quota; -32 rate; the
 * last four are not in the part of the table read (docs/provider-sources.md "Zalo OA / ZNS").
 */
import { Hono } from 'hono';
import type { ZaloState } from './state';
import { withOa, zaloError } from './openapi';

const STATUS_CODES: Record<string, number> = { ENABLE: 1, PENDING_REVIEW: 2, REJECT: 3, DISABLE: 4 };

export function znsRoutes(state: ZaloState) {
  const app = new Hono({ strict: false });

  app.get('/template/all', (c) => {
    const oa = withOa(state, c, -124);
    if (oa instanceof Response) return oa;
    const offset = Number(c.req.query('offset') ?? 0);
    const limit = Number(c.req.query('limit') ?? 100);
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > 100) {
      return c.json(zaloError(-203, 'Invalid parameter'));
    }
    const status = c.req.query('status');
    const all = oa.templates.filter((template) => !status || String(STATUS_CODES[template.status]) === status);
    return c.json({
      error: 0,
      message: 'Success',
      data: all.slice(offset, offset + limit).map((template) => ({
        templateId: template.templateId,
        templateName: template.templateName,
        createdTime: template.createdTime,
        status: template.status,
        templateQuality: 'HIGH',
      })),
      metadata: { total: all.length },
    });
  });

  app.get('/template/info/v2', (c) => {
    const oa = withOa(state, c, -124);
    if (oa instanceof Response) return oa;
    const template = oa.templates.find((one) => String(one.templateId) === c.req.query('template_id'));
    if (!template) return c.json(zaloError(-109, 'Template id is invalid'));
    return c.json({
      error: 0,
      message: 'Success',
      data: {
        templateId: template.templateId,
        templateName: template.templateName,
        status: template.status,
        listParams: template.listParams,
        timeout: 7_200_000,
        previewUrl: `https://account.zalo.cloud/znspreview/sim-${template.templateId}`,
        templateQuality: 'HIGH',
        templateTag: template.tag,
        price: String(template.price),
      },
    });
  });

  app.get('/template/sample-data', (c) => {
    const oa = withOa(state, c, -124);
    if (oa instanceof Response) return oa;
    const template = oa.templates.find((one) => String(one.templateId) === c.req.query('template_id'));
    if (!template) return c.json(zaloError(-109, 'Template id is invalid'));
    return c.json({ error: 0, message: 'Success', data: template.sample });
  });

  app.get('/message/quota', (c) => {
    const oa = withOa(state, c, -124);
    if (oa instanceof Response) return oa;
    return c.json({
      error: 0,
      message: 'Success',
      data: { dailyQuota: oa.dailyQuota, remainingQuota: Math.max(0, oa.dailyQuota - oa.usedQuota) },
    });
  });

  app.post('/message/template', async (c) => {
    const oa = withOa(state, c, -124);
    if (oa instanceof Response) return oa;
    const body = (await c.req.json().catch(() => null)) as {
      phone?: string;
      template_id?: string | number;
      template_data?: Record<string, unknown>;
      tracking_id?: string;
    } | null;
    if (!body) return c.json(zaloError(-122, 'Body format invalid'));
    const trackingId = typeof body.tracking_id === 'string' && body.tracking_id ? body.tracking_id : null;
    const quota = () => ({ dailyQuota: String(oa.dailyQuota), remainingQuota: String(Math.max(0, oa.dailyQuota - oa.usedQuota)) });
    const phone = typeof body.phone === 'string' ? body.phone : '';
    if (!/^(84|0)[35789]\d{8}$/.test(phone)) return c.json(zaloError(-108, 'Phone number invalid'));
    const template = oa.templates.find((one) => String(one.templateId) === String(body.template_id));
    if (!template || template.status !== 'ENABLE') return c.json(zaloError(-109, 'Template ID invalid'));
    const data = body.template_data ?? {};
    if (Object.keys(data).length === 0 && template.listParams.length > 0) return c.json(zaloError(-111, 'Template data empty'));
    const bad = template.listParams.find((param) => {
      const value = data[param.name];
      if (value === undefined || value === null || value === '') return param.require;
      return typeof value !== 'string' || value.length > param.maxLength;
    });
    if (bad) return c.json(zaloError(-112, `Template data is invalid: ${bad.name}`));
    if (!state.takeRate(oa.oaId)) return c.json(zaloError(-32, 'Exceed rate limit of this OA'));
    if (oa.usedQuota >= oa.dailyQuota) return c.json(zaloError(-144, 'OA has exceeded the daily quota'));
    if (state.config.noZaloPhones.has(`84${phone.replace(/^(84|0)/, '')}`)) return c.json(zaloError(-118, 'Zalo account is not existed'));
    oa.usedQuota += 1;
    const sent = state.record({
      oaId: oa.oaId,
      kind: 'zns',
      userId: null,
      phone,
      text: template.templateName,
      templateId: template.templateId,
      templateData: data as Record<string, string>,
      trackingId,
    });
    return c.json({ error: 0, message: 'Success', data: { msg_id: sent.msgId, sent_time: String(Date.parse(sent.at)), quota: quota() } });
  });

  return app;
}
