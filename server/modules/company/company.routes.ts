/**
 * Company calls (product-spec.md §7 "Company"): workspaces, memberships and the per-company switches that
 * decide which parts of the product a company sees.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CheckCompanySchema,
  CompanyListQuery,
  CreateCompanySchema,
  FunctionOnOffQuery,
  JoinCompanySchema,
  SetFunctionSchema,
  UpdateCompanySchema,
  UpdateMembershipSchema,
  type CompanyCheck,
} from '@contract/company';
import { isSwitchCode, SWITCH_CODES } from '@contract/company-switches';
import { idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, companies } from '@server/kernel/db/schema';
import { badRequest, conflict, forbidden, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireCompanyAdmin, requireMembership } from '@server/kernel/membership';
import { loadAccountView } from '@server/modules/auth';
import { requirePlanAllows, requireSeat } from '@server/modules/plans';
import {
  findCompanyBy,
  insertCompanyWithOwner,
  isCompanyRole,
  companyMembers,
  findCompany,
  listCompanies,
  membershipById,
  setSwitch,
  toCompany,
} from './company.repo';
import { switchStates } from '@server/kernel/switches';
import { JOIN_REQUEST_SENT, requestToJoin } from './join-requests';
import { notifyJoinDecision } from '@server/modules/notifications';

function unknownSwitch() {
  return badRequest('UNKNOWN_FEATURE', undefined, { code: 'Mã chức năng không tồn tại' });
}

/** The company calls: each path and the handler below that answers it. */
export function companyRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/company', (c) => listCompaniesOf(deps, c));
  app.post('/company', (c) => createCompany(deps, c));
  app.get('/company/:id', (c) => companyDetail(deps, c));
  app.put('/company/:id', (c) => updateCompany(deps, c));
  app.get('/accountcompany', (c) => listMemberships(deps, c));
  app.post('/accountcompany', (c) => askToJoin(deps, c));
  app.put('/accountcompany/:id', (c) => updateMembership(deps, c));
  app.post('/checkcompany', (c) => checkCompany(deps, c));
  app.get('/functiononoff', (c) => readSwitches(deps, c));
  app.put('/functiononoff', (c) => writeSwitch(deps, c));
  return app;
}

async function listCompaniesOf({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, CompanyListQuery);
  const auth = c.get('auth');
  const result = await listCompanies(db, {
    accountId: auth.accountTypeCode === 'SYSTEM' ? null : auth.accountId,
    search: query.title__icontains?.trim() || undefined,
    page: query.page,
    limit: query.limit,
  });
  return ok(c, result.rows, { count: result.count });
}

async function createCompany({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, CreateCompanySchema);
  const auth = c.get('auth');
  if (input.tax_code && (await findCompanyBy(db, { taxCode: input.tax_code }))) {
    throw conflict('Mã số thuế đã được đăng ký cho một công ty khác', { tax_code: 'Mã số thuế đã tồn tại' });
  }
  const company = await db.transaction((tx) =>
    insertCompanyWithOwner(
      tx,
      { title: input.title, type: input.type, taxCode: input.tax_code, phone: input.phone, email: input.email, address: input.address },
      auth.accountId,
    ),
  );
  return created(c, company, 'Tạo công ty thành công');
}

async function companyDetail({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  await requireMembership(db, c.get('auth'), id);
  const company = await findCompany(db, id);
  if (!company) throw notFound();
  return ok(c, company);
}

async function updateCompany({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  await requireCompanyAdmin(db, c.get('auth'), id);
  const input = await parseBody(c, UpdateCompanySchema);
  const [row] = await db
    .update(companies)
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      taxCode: input.tax_code,
      phone: input.phone,
      email: input.email,
      address: input.address,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, id))
    .returning();
  if (!row) throw notFound();
  return ok(c, toCompany(row), { message: 'Cập nhật công ty thành công' });
}

/** Without `company`: the caller's own memberships. With it: the members of that company. */
async function listMemberships({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, v.object({ company: v.optional(idField('công ty')) }));
  const auth = c.get('auth');
  if (query.company !== undefined) {
    await requireMembership(db, auth, query.company);
    const members = await companyMembers(db, query.company);
    return ok(c, members, { count: members.length });
  }
  const view = await loadAccountView(db, auth.accountId);
  const memberships = view?.company_data ?? [];
  return ok(c, memberships, { count: memberships.length });
}

/** Ask to join a company; an owner accepts or refuses the request. */
async function askToJoin({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, JoinCompanySchema);
  const membership = await requestToJoin(db, input.company, c.get('auth').accountId);
  return created(c, membership, JOIN_REQUEST_SENT);
}

type Membership = NonNullable<Awaited<ReturnType<typeof membershipById>>>;

/**
 * A membership's new status: the invited person answers their own invitation; otherwise the owner
 * decides on join requests. Only the person may accept an invitation: an owner setting `accept` on
 * an invited (or refused) row would make anyone a member without their consent, and a member's
 * password may be reset by the company's admins. So owners may accept a `pending` request, or refuse.
 */
async function updateMembership({ db }: AppDeps, c: Context<AppEnv>) {
  const id = pathId(c);
  const membership = await membershipById(db, id);
  if (!membership) throw notFound();
  const auth = c.get('auth');
  if (membership.accountId === auth.accountId && membership.status === 'invited') return answerInvitation(db, c, membership);
  await requireCompanyAdmin(db, auth, membership.companyId);
  return decideMembership(db, c, membership);
}

/** `accept` or `reject`, only while the invitation is still `invited` and not withdrawn (deactivated). */
async function answerInvitation(db: Db, c: Context<AppEnv>, membership: Membership) {
  const id = membership.id;
  const auth = c.get('auth');
  const input = await parseBody(c, UpdateMembershipSchema);
  if (input.status !== 'accept' && input.status !== 'reject') {
    throw badRequest('VALIDATION_FAILED', 'Chỉ có thể chấp nhận hoặc từ chối lời mời', {
      status: 'Chỉ có thể chấp nhận hoặc từ chối lời mời',
    });
  }
  if (input.status === 'accept' && !membership.isActive) throw conflict('Lời mời này đã bị công ty thu hồi');
  await db.update(accountCompanies).set({ status: input.status, updatedAt: new Date() }).where(eq(accountCompanies.id, id));
  const view = await loadAccountView(db, auth.accountId);
  return ok(
    c,
    view?.company_data.find((m) => m.id === id),
    { message: input.status === 'accept' ? 'Đã chấp nhận lời mời tham gia công ty' : 'Đã từ chối lời mời' },
  );
}

/** An admin's decision on a member: a join request accepted or refused, a member's role or status. */
async function decideMembership(db: Db, c: Context<AppEnv>, membership: Membership) {
  const id = membership.id;
  const input = await parseBody(c, UpdateMembershipSchema);
  if (membership.isOwner && input.status !== 'accept') throw forbidden('FORBIDDEN', 'Không thể thay đổi trạng thái của chủ sở hữu công ty');
  if (input.status !== membership.status) {
    if (input.status === 'invited' || input.status === 'pending') {
      throw badRequest('VALIDATION_FAILED', 'Chỉ có thể chấp nhận hoặc từ chối thành viên', { status: 'Trạng thái không hợp lệ' });
    }
    if (input.status === 'accept' && membership.status !== 'pending') {
      throw forbidden('FORBIDDEN', 'Chỉ người được mời mới có thể chấp nhận lời mời; hãy gửi lời mời mới nếu cần');
    }
    // Accepting a join request takes one of the package's seats (server/modules/plans).
    if (input.status === 'accept') await requireSeat(db, membership.companyId, membership.accountId);
  }
  // Accepting a request may give the role at once (otherwise the company's sales role applies).
  if (input.role !== undefined && !(await isCompanyRole(db, membership.companyId, input.role))) {
    throw badRequest('VALIDATION_FAILED', 'Vai trò không tồn tại trong công ty', { role: 'Vai trò không tồn tại trong công ty' });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(accountCompanies)
      .set({ status: input.status, ...(input.role !== undefined ? { roleId: input.role } : {}), updatedAt: new Date() })
      .where(eq(accountCompanies.id, id));
    // A join request decided: it no longer waits on the owners, and the person is told.
    if (membership.status === 'pending' && (input.status === 'accept' || input.status === 'reject')) {
      await notifyJoinDecision(tx, {
        companyId: membership.companyId,
        companyTitle: (await findCompany(tx, membership.companyId))?.title ?? '',
        membershipId: id,
        requesterId: membership.accountId,
        accepted: input.status === 'accept',
      });
    }
  });
  const members = await companyMembers(db, membership.companyId);
  return ok(
    c,
    members.find((m) => m.id === id),
    { message: 'Cập nhật thành viên thành công' },
  );
}

async function checkCompany({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, CheckCompanySchema);
  if (!input.title && !input.tax_code) {
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập tên công ty hoặc mã số thuế', {
      title: 'Vui lòng nhập tên công ty hoặc mã số thuế',
    });
  }
  // The company found, so a person can ask to join it (its name and kind: a business's public facts).
  const company = await findCompanyBy(db, { title: input.title, taxCode: input.tax_code });
  return ok<CompanyCheck>(c, { exists: company !== null, company });
}

/** One switch as `{is_enabled}`; without `code`, every switch of the company in one answer. */
async function readSwitches({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, FunctionOnOffQuery);
  await requireMembership(db, c.get('auth'), query.company);
  const states = await switchStates(db, query.company);
  if (query.code === undefined) {
    return ok(
      c,
      SWITCH_CODES.map((code) => ({ code, is_enabled: states.get(code) ?? false })),
    );
  }
  if (!isSwitchCode(query.code)) throw unknownSwitch();
  return ok(c, { is_enabled: states.get(query.code) ?? false });
}

async function writeSwitch({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, SetFunctionSchema);
  await requireCompanyAdmin(db, c.get('auth'), input.company);
  if (!isSwitchCode(input.code)) throw unknownSwitch();
  // A company on a package turns on only what the package has (server/modules/plans).
  await requirePlanAllows(db, input.company, input.code, input.is_enabled);
  await setSwitch(db, input.company, input.code, input.is_enabled);
  return ok(c, { code: input.code, is_enabled: input.is_enabled }, { message: 'Đã cập nhật chức năng' });
}
