/**
 * Service calls (product-spec.md §7 "Service (/service/api)"): the packages (everyone signed in
 * reads the active ones; the system administrator adds and changes them), vouchers (system
 * administrator), check-vourcher/ and register-package/ (a company's owner), company-package/
 * (what the company is on). docs/plans.md.
 */
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CheckVoucherSchema,
  CompanyPlanQuery,
  RegisterPackageSchema,
  ServicePackageInputSchema,
  VoucherInputSchema,
  type ServicePackageInput,
} from '@contract/plans';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { companySubscriptions, servicePackages, systemOrders, voucherUses, vouchers } from '@server/kernel/db/schema';
import { conflict, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseBody, parseQuery, pathId } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireCompanyAdmin, requireSystemAdmin } from '@server/kernel/membership';
import { uniqueViolation } from '@server/kernel/sql';
import { requirePermission } from '@server/modules/roles';
import { listPackages, listVouchers, packageById, systemOrderById } from './plan-records';
import { quotePackage } from './plan-quote';
import { applyPlanSwitches, companyPlan } from './subscriptions';
import { formatMoney } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';

/** The columns of a package from its input (add and change alike). */
function packageValues(input: ServicePackageInput) {
  return {
    code: input.code,
    name: input.name,
    description: input.description,
    pricePerMonth: input.price_per_month,
    seats: input.seats,
    features: input.features,
    isActive: input.is_active,
    sort: input.sort,
    trialDays: input.trial_days,
  };
}

const ListQuery = v.object({ all: v.optional(v.picklist(['0', '1'], 'Tham số all chỉ nhận 0 hoặc 1')) });

/** The service calls: each path and the handler below that answers it. */
export function planRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/service-package', (c) => listServicePackages(deps, c));
  app.post('/service-package', (c) => addPackage(deps, c));
  app.put('/service-package/:id', (c) => changePackage(deps, c));
  app.get('/voucher', (c) => voucherList(deps, c));
  app.post('/voucher', (c) => addVoucher(deps, c));
  app.put('/voucher/:id', (c) => changeVoucher(deps, c));
  app.post('/check-vourcher', (c) => checkVoucher(deps, c));
  app.post('/register-package', (c) => registerPackage(deps, c));
  app.get('/company-package', (c) => companyPackage(deps, c));
  return app;
}

async function listServicePackages({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, ListQuery);
  const all = query.all === '1';
  if (all) requireSystemAdmin(c.get('auth'));
  const packages = await listPackages(db, !all);
  return ok(c, packages, { count: packages.length });
}

async function addPackage({ db }: AppDeps, c: Context<AppEnv>) {
  requireSystemAdmin(c.get('auth'));
  const input = await parseBody(c, ServicePackageInputSchema);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(servicePackages).values(packageValues(input)).returning({ id: servicePackages.id });
      await keepOneTrial(tx, row!.id, input);
      return row!.id;
    });
    return created(c, await packageById(db, id), 'Đã thêm gói dịch vụ');
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(`Mã gói "${input.code}" đã được dùng`, { code: 'Mã gói đã tồn tại' });
    throw error;
  }
}

/** The platform has one trial package: making this one the trial ends the other's (its companies keep their trial). */
async function keepOneTrial(tx: Db, id: number, input: ServicePackageInput): Promise<void> {
  if (input.trial_days === null) return;
  await tx
    .update(servicePackages)
    .set({ trialDays: null, updatedAt: new Date() })
    .where(and(ne(servicePackages.id, id), isNotNull(servicePackages.trialDays)));
}

/** A change of features reaches every company on the package at once: their switches follow it. */
async function changePackage({ db }: AppDeps, c: Context<AppEnv>) {
  requireSystemAdmin(c.get('auth'));
  const id = pathId(c);
  const input = await parseBody(c, ServicePackageInputSchema);
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(servicePackages)
        .set({ ...packageValues(input), updatedAt: new Date() })
        .where(eq(servicePackages.id, id))
        .returning({ id: servicePackages.id });
      if (!row) throw notFound('Không tìm thấy gói dịch vụ');
      await keepOneTrial(tx, id, input);
      const onIt = await tx
        .select({ companyId: companySubscriptions.companyId, endsOn: companySubscriptions.endsOn })
        .from(companySubscriptions)
        .where(eq(companySubscriptions.packageId, id));
      const today = vietnamDay();
      for (const subscription of onIt.filter((entry) => entry.endsOn >= today))
        await applyPlanSwitches(tx, subscription.companyId, input.features);
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(`Mã gói "${input.code}" đã được dùng`, { code: 'Mã gói đã tồn tại' });
    throw error;
  }
  return ok(c, await packageById(db, id), { message: 'Đã cập nhật gói dịch vụ' });
}

async function voucherList({ db }: AppDeps, c: Context<AppEnv>) {
  requireSystemAdmin(c.get('auth'));
  const list = await listVouchers(db);
  return ok(c, list, { count: list.length });
}

/** A voucher added (no id) or changed, as its record; a code already taken is a 409. */
async function saveVoucher(db: Db, id: number | null, input: v.InferOutput<typeof VoucherInputSchema>) {
  const values = {
    code: input.code,
    description: input.description,
    kind: input.kind,
    value: input.value,
    maxDiscount: input.kind === 'percent' ? input.max_discount : null,
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    maxUses: input.max_uses,
    packageIds: input.package_ids,
    isActive: input.is_active,
    updatedAt: new Date(),
  };
  try {
    const [row] =
      id === null
        ? await db.insert(vouchers).values(values).returning({ id: vouchers.id })
        : await db.update(vouchers).set(values).where(eq(vouchers.id, id)).returning({ id: vouchers.id });
    if (!row) throw notFound('Không tìm thấy mã giảm giá');
    return (await listVouchers(db, eq(vouchers.id, row.id)))[0]!;
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(`Mã giảm giá "${input.code}" đã tồn tại`, { code: 'Mã giảm giá đã tồn tại' });
    throw error;
  }
}

async function addVoucher({ db }: AppDeps, c: Context<AppEnv>) {
  requireSystemAdmin(c.get('auth'));
  return created(c, await saveVoucher(db, null, await parseBody(c, VoucherInputSchema)), 'Đã thêm mã giảm giá');
}

async function changeVoucher({ db }: AppDeps, c: Context<AppEnv>) {
  requireSystemAdmin(c.get('auth'));
  const id = pathId(c);
  return ok(c, await saveVoucher(db, id, await parseBody(c, VoucherInputSchema)), { message: 'Đã cập nhật mã giảm giá' });
}

async function checkVoucher({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, CheckVoucherSchema);
  await requireCompanyAdmin(db, c.get('auth'), input.company);
  const { voucherId: _, ...quote } = await quotePackage(db, {
    company: input.company,
    packageId: input.package,
    months: input.months,
    code: input.code,
    field: 'code',
  });
  return ok(c, quote, { message: `Áp dụng mã giảm giá thành công: giảm ${formatMoney(quote.discount)}` });
}

async function registerPackage({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, RegisterPackageSchema);
  const auth = c.get('auth');
  await requireCompanyAdmin(db, auth, input.company);
  const id = await db
    .transaction(async (tx) => {
      const [open] = await tx
        .select({ code: systemOrders.code })
        .from(systemOrders)
        .where(and(eq(systemOrders.companyId, input.company), eq(systemOrders.status, 'pending')));
      if (open) throw conflict(`Công ty đang có đơn đăng ký gói ${open.code} chờ thanh toán`);
      const quote = await quotePackage(tx, {
        company: input.company,
        packageId: input.package,
        months: input.months,
        code: input.voucher,
        field: 'voucher',
        lock: true,
      });
      const [row] = await tx
        .insert(systemOrders)
        .values({
          code: crypto.randomUUID(),
          companyId: input.company,
          packageId: input.package,
          months: input.months,
          status: 'pending',
          listAmount: quote.list_amount,
          discountAmount: quote.discount,
          total: quote.total,
          voucherId: quote.voucherId,
          note: input.note,
          createdBy: auth.accountId,
        })
        .returning({ id: systemOrders.id });
      const orderId = row!.id;
      await tx
        .update(systemOrders)
        .set({ code: `DV${String(orderId).padStart(6, '0')}` })
        .where(eq(systemOrders.id, orderId));
      if (quote.voucherId !== null)
        await tx.insert(voucherUses).values({ voucherId: quote.voucherId, companyId: input.company, systemOrderId: orderId });
      return orderId;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) throw conflict('Công ty đang có đơn đăng ký gói chờ thanh toán hoặc đã dùng mã giảm giá này');
      throw error;
    });
  return created(c, await systemOrderById(db, id), 'Đã tạo đơn đăng ký gói dịch vụ, vui lòng thanh toán để kích hoạt');
}

async function companyPackage({ db, env }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, CompanyPlanQuery);
  await requirePermission(db, c.get('auth'), query.company, 'settings', 'view');
  return ok(c, await companyPlan(db, query.company, env.platformBank));
}
