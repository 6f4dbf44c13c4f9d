/**
 * /connect-dlo's calls (product-spec.md §7: connecttransportpartner, transportpartneraccountdetail,
 * connectaccountkafa), refused while the DLO switch is off. Carrier accounts are company settings:
 * reading them needs settings/view, connecting and disconnecting settings/edit. Answers carry
 * secret hints only, never a token; the webhook's secret is whole only in the answer to connecting
 * and to making a new one (accounts.ts).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ConnectCarrierSchema, DELIVERY_MESSAGES, DELIVERY_SWITCH, SelfDeliverySchema } from '@contract/delivery';
import type { PermissionAction } from '@contract/roles';
import { companyBodyField, companyQueryField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { badRequest } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { requireSwitch } from '@server/kernel/switches';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { requirePermission } from '@server/modules/roles';
import { accountMembers } from './account-members';
import {
  accountRecord,
  carrierAccount,
  carrierAccounts,
  checkAccount,
  connectCarrier,
  connectSelfDelivery,
  disconnectAccount,
  renewWebhookSecret,
} from './accounts';

const ID = ':id{[0-9]{1,9}}';
const CompanyQuery = v.object({ company: companyQueryField });
const CompanyBody = v.object({ company: companyBodyField }, 'Dữ liệu gửi lên phải là một đối tượng JSON');

type WithCompany = v.GenericSchema<unknown, { company: number }>;

export function deliveryAccountRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  async function allowed(c: Context<AppEnv>, companyId: number, action: PermissionAction) {
    const access = await requirePermission(db, c.get('auth'), companyId, 'settings', action);
    await requireSwitch(db, companyId, DELIVERY_SWITCH);
    return access;
  }
  async function query<S extends WithCompany>(c: Context<AppEnv>, schema: S) {
    const input = parseQuery(c, schema);
    return { input, access: await allowed(c, input.company, 'view') };
  }
  async function body<S extends WithCompany>(c: Context<AppEnv>, schema: S) {
    const input = await parseBody(c, schema);
    return { input, access: await allowed(c, input.company, 'edit') };
  }

  app.get('/connecttransportpartner', async (c) => {
    const { input } = await query(c, CompanyQuery);
    return ok(
      c,
      (await carrierAccounts(deps, input.company)).map((account) => accountRecord(deps, account)),
    );
  });

  app.post('/connecttransportpartner', async (c) => {
    const { input, access } = await body(c, ConnectCarrierSchema);
    const saved = await connectCarrier(deps, input.company, access.accountId, input);
    return created(c, accountRecord(deps, saved, true), DELIVERY_MESSAGES.connected);
  });

  app.post(`/connecttransportpartner/${ID}/webhook`, async (c) => {
    const { input } = await body(c, CompanyBody);
    const renewed = await renewWebhookSecret(deps, input.company, pathId(c));
    return ok(c, accountRecord(deps, renewed, true), {
      message: 'Đã tạo địa chỉ webhook mới: dán vào trang của hãng ngay, địa chỉ cũ đã ngừng nhận',
    });
  });

  app.post(`/connecttransportpartner/${ID}/check`, async (c) => {
    const { input } = await body(c, CompanyBody);
    const { connection, check } = await checkAccount(deps, await carrierAccount(deps, input.company, pathId(c)));
    return ok(
      c,
      { account: accountRecord(deps, connection), details: check?.details ?? null },
      {
        message: check ? 'Tài khoản đang hoạt động' : (connection.statusMessage ?? 'Không kiểm tra được tài khoản'),
      },
    );
  });

  app.delete(`/connecttransportpartner/${ID}`, async (c) => {
    const input = parseQuery(c, CompanyQuery);
    await allowed(c, input.company, 'edit');
    await disconnectAccount(deps, input.company, pathId(c));
    return ok(c, null, { message: DELIVERY_MESSAGES.disconnected });
  });

  app.get(`/transportpartneraccountdetail/${ID}`, async (c) => {
    const { input } = await query(c, CompanyQuery);
    const { connection, check } = await checkAccount(deps, await carrierAccount(deps, input.company, pathId(c)));
    return ok(c, {
      account: accountRecord(deps, connection),
      details: check?.details ?? null,
      shippers: await accountMembers(db, input.company),
    });
  });

  app.get('/connectaccountkafa', async (c) => {
    const { input } = await query(c, CompanyQuery);
    const own = (await carrierAccounts(deps, input.company)).find((account) => account.provider === 'self');
    return ok(c, { account: own ? accountRecord(deps, own) : null, shippers: await accountMembers(db, input.company) });
  });

  app.post('/connectaccountkafa', async (c) => {
    const { input, access } = await body(c, SelfDeliverySchema);
    const members = new Set((await accountMembers(db, input.company)).map((member) => member.id));
    const stranger = input.shipper_ids.findIndex((id) => !members.has(id));
    if (stranger >= 0)
      throw badRequest('VALIDATION_FAILED', 'Nhân viên giao hàng phải là thành viên của công ty', {
        [`shipper_ids.${stranger}`]: 'Không thuộc công ty',
      });
    const saved = await connectSelfDelivery(deps, input.company, access.accountId, input);
    return created(c, accountRecord(deps, saved), 'Đã bật giao hàng bằng nhân viên công ty');
  });

  return app;
}
