/**
 * Where AMIS sends its results (the APICallBack), POST /invoice/api/amis-callback/{connection}/{token}/,
 * in the shape MISA's own receiver documents (CukCuk ACTCallbackData; simulators/amis/fixtures/webhook-callback.json):
 * `{Success, ErrorCode, ErrorMessage, Signature, DataType, OrgCompanyCode, AppID, Data}` — the
 * snake_case spelling third-party logs use is read too. No session, so the caller proves itself
 * twice: the address names a connection and carries its random token, and Data is signed
 * HMAC-SHA256(Data, key) with the key MISA gives the app (`callbackKey`; the app_id until one is
 * kept, as the simulator signs). The company is the connection's, never the body's. The callback is
 * kept once (server/kernel/inbound-events.ts: a callback sent twice is answered and ignored) and
 * processed by a job; AMIS gets its answer at once.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { findConnection } from '@server/kernel/connections';
import { providerConnections } from '@server/kernel/db/schema';
import { HttpError, notFound } from '@server/kernel/errors';
import { receiveEvent } from '@server/kernel/inbound-events';
import { ok } from '@server/kernel/respond';
import { parseWith, readJson } from '@server/kernel/validate';
import { AMIS, type AmisSettings, type AmisSecrets } from './amis-client';
import { CALLBACK_QUEUE } from './amis-jobs';

const CallbackSchema = v.object(
  {
    appid: v.pipe(v.string('Thiếu AppID'), v.maxLength(200, 'AppID quá dài')),
    orgcompanycode: v.pipe(v.string('Thiếu mã công ty'), v.maxLength(200, 'Mã công ty quá dài')),
    datatype: v.optional(v.nullable(v.number('Loại dữ liệu không hợp lệ'))),
    success: v.optional(v.nullable(v.boolean('Kết quả không hợp lệ'))),
    errorcode: v.optional(v.nullable(v.string('Mã lỗi không hợp lệ'))),
    errormessage: v.optional(v.nullable(v.string('Thông báo lỗi không hợp lệ'))),
    data: v.pipe(v.string('Thiếu dữ liệu'), v.maxLength(900_000, 'Dữ liệu quá lớn')),
    signature: v.pipe(v.string('Thiếu chữ ký'), v.regex(/^[0-9a-f]{64}$/i, 'Chữ ký không hợp lệ')),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/** `AppID`, `app_id` and `appId` alike: MISA's receiver writes PascalCase, third-party logs snake_case. */
async function callbackBody(c: Context<AppEnv>) {
  const raw = await readJson(c);
  const keys = raw && typeof raw === 'object' && !Array.isArray(raw) ? Object.entries(raw) : null;
  const folded = keys ? Object.fromEntries(keys.map(([key, value]) => [key.replace(/_/g, '').toLowerCase(), value])) : raw;
  return parseWith(CallbackSchema, folded);
}

const equal = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const refused = () => new HttpError(401, 'UNAUTHENTICATED', 'Chữ ký hoặc địa chỉ nhận kết quả không đúng');

export function amisCallbackRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.post('/amis-callback/:connection/:token', async (c) => {
    const id = c.req.param('connection');
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const body = await callbackBody(c);
    // The connection of any company: the id in the address, then its own secrets decide.
    const connection = await findConnectionAnyCompany(deps, Number(id));
    if (!connection || !connection.secrets.callbackToken || !equal(connection.secrets.callbackToken, c.req.param('token'))) throw refused();
    const key = connection.secrets.callbackKey ?? connection.settings.appId;
    const signature = crypto.createHmac('sha256', key).update(body.data, 'utf8').digest('hex');
    if (
      body.appid !== connection.settings.appId ||
      body.orgcompanycode !== connection.settings.orgCompanyCode ||
      !equal(signature, body.signature.toLowerCase())
    )
      throw refused();
    const fresh = await receiveEvent(
      deps.db,
      {
        provider: AMIS,
        eventKey: `${connection.id}:${crypto.createHash('sha256').update(body.data).digest('hex')}`,
        companyId: connection.companyId,
        // The job reads `data` (amis-jobs.ts callbackJob); the rest is kept as AMIS sent it, for the record.
        payload: {
          app_id: body.appid,
          org_company_code: body.orgcompanycode,
          data_type: body.datatype,
          success: body.success,
          data: body.data,
        },
      },
      CALLBACK_QUEUE,
    );
    if (fresh) deps.jobs.kick();
    return ok(c, { Success: true, duplicate: !fresh });
  });
  return app;
}

async function findConnectionAnyCompany(deps: AppDeps, id: number) {
  const [row] = await deps.db
    .select({ companyId: providerConnections.companyId, provider: providerConnections.provider })
    .from(providerConnections)
    .where(eq(providerConnections.id, id));
  if (!row || row.provider !== AMIS) return null;
  return findConnection<AmisSettings, AmisSecrets>(deps, row.companyId, id);
}
