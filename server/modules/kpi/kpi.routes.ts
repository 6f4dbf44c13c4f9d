/**
 * KPI by area (mounted inside regionRoutes, so under /api/region/api; contract/regions.ts, contract/kpi.ts):
 *
 *   GET  configkpi/?company&month        the month's targets the caller may see           kpi/view
 *   POST configkpi/                      set targets of regions, reps (and the company)   kpi/edit
 *   GET  views/?company&month&region     progress per region and per rep                  kpi/view
 *   GET  my-kpi/?company&month           the caller's own progress (the rep's dashboard)  kpi/view
 *
 * Whom a member sees: the company scope everything; the region scope their region and the reps
 * assigned to it; the own scope only themselves. The month defaults to the current one (Vietnam).
 * Reps are the company's active sales staff, plus anyone with a target of their own that month.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { authenticate } from '@server/kernel/authenticate';
import type { InferOutput } from 'valibot';
import {
  isEmptyTarget,
  judgeMonth,
  monthClock,
  vietnamMonth,
  ZERO_KPI,
  type Judged,
  type KpiRegionUnit,
  type KpiRepUnit,
  type KpiUnit,
  type KpiValues,
} from '@contract/kpi';
import {
  KpiConfigSchema,
  KpiMonthQuery,
  REGION_MESSAGES,
  type KpiConfigAnswer,
  type KpiRegionRow,
  type KpiRepRow,
  type KpiTargetRecord,
  type KpiViewsAnswer,
  type MyKpiAnswer,
  type RegionRef,
} from '@contract/regions';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, kpiTargets } from '@server/kernel/db/schema';
import { badRequest, conflict, forbidden } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { requirePermission, type Access } from '@server/modules/roles';
import { uniqueViolation } from '@server/kernel/sql';
import { monthActuals, regionActual } from './kpi-actuals';
import { getProvinceIndex } from '@server/modules/address';
import { provincesByRegion, regionRefs } from '@server/modules/regions';

type KpiScope = { kind: 'all' } | { kind: 'region'; regionId: number | null } | { kind: 'own' };

function kpiScope(access: Access): KpiScope {
  if (access.isAdmin || access.scope === 'company') return { kind: 'all' };
  if (access.scope === 'region') return { kind: 'region', regionId: access.membership.regionId };
  return { kind: 'own' };
}

type TargetRow = typeof kpiTargets.$inferSelect;

const valuesOf = (row: TargetRow | undefined): KpiValues | null =>
  row ? { revenue: row.revenue, orders: row.orders, new_customers: row.newCustomers, visits: row.visits } : null;

const toRecord = (row: TargetRow): KpiTargetRecord => ({
  id: row.id,
  month: row.month,
  region_id: row.regionId,
  account_id: row.accountId,
  revenue: row.revenue,
  orders: row.orders,
  new_customers: row.newCustomers,
  visits: row.visits,
  updated_at: row.updatedAt.toISOString(),
});

type Member = {
  accountId: number;
  fullName: string;
  phone: string;
  code: string | null;
  regionId: number | null;
  isActive: boolean;
  staffKind: string;
};

/** Accepted members of the company (active or not), with their region. */
async function members(db: Db, companyId: number): Promise<Member[]> {
  return db
    .select({
      accountId: accountCompanies.accountId,
      fullName: accounts.fullName,
      phone: accounts.phone,
      code: accountCompanies.code,
      regionId: accountCompanies.regionId,
      isActive: accountCompanies.isActive,
      staffKind: accountCompanies.staffKind,
    })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.status, 'accept')))
    .orderBy(accounts.fullName);
}

async function monthTargets(db: Db, companyId: number, month: string): Promise<TargetRow[]> {
  return db
    .select()
    .from(kpiTargets)
    .where(and(eq(kpiTargets.companyId, companyId), eq(kpiTargets.month, month)));
}

/** The KPI calls: each path and the handler below that answers it. */
export function kpiRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.get('/configkpi', (c) => readConfig(deps, c));
  app.post('/configkpi', (c) => saveConfig(deps, c));
  app.get('/views', (c) => kpiViews(deps, c));
  app.get('/my-kpi', (c) => myKpi(deps, c));
  return app;
}

/** The targets a scope may see: the company's whole set, a region's with its reps', or one's own. */
function visibleTargets(scope: KpiScope, access: Access, rows: TargetRow[], people: Member[]): TargetRow[] {
  if (scope.kind === 'all') return rows;
  if (scope.kind === 'own') return rows.filter((row) => row.accountId === access.accountId);
  if (scope.regionId === null) return [];
  const reps = new Set(people.filter((person) => person.regionId === scope.regionId).map((person) => person.accountId));
  return rows.filter((row) => row.regionId === scope.regionId || (row.accountId !== null && reps.has(row.accountId)));
}

async function readConfig({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, KpiMonthQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'kpi', 'view');
  const month = query.month ?? vietnamMonth();
  const people = await members(db, query.company);
  const rows = visibleTargets(kpiScope(access), access, await monthTargets(db, query.company, month), people);
  const answer: KpiConfigAnswer = { month, targets: rows.map(toRecord) };
  return ok(c, answer);
}

type KpiConfig = InferOutput<typeof KpiConfigSchema>;

/** Each target names a region and a member of the company, and one the caller's scope may set. */
function checkTargets(
  targets: KpiConfig['targets'],
  scope: KpiScope,
  regionIds: ReadonlySet<number>,
  memberRegion: ReadonlyMap<number, number | null>,
): void {
  targets.forEach((target, i) => {
    if (target.region !== null && !regionIds.has(target.region)) {
      throw badRequest('VALIDATION_FAILED', REGION_MESSAGES.regionNotInCompany, {
        [`targets.${i}.region`]: REGION_MESSAGES.regionNotInCompany,
      });
    }
    if (target.account !== null && !memberRegion.has(target.account)) {
      throw badRequest('VALIDATION_FAILED', REGION_MESSAGES.accountNotInCompany, {
        [`targets.${i}.account`]: REGION_MESSAGES.accountNotInCompany,
      });
    }
    if (scope.kind === 'region') {
      const mine =
        scope.regionId !== null &&
        (target.region === scope.regionId || (target.account !== null && memberRegion.get(target.account) === scope.regionId));
      if (!mine) throw forbidden('FORBIDDEN', REGION_MESSAGES.targetOutsideRegion);
    }
  });
}

/** Stores the month's targets: an empty one is removed, another updated in place or added. */
async function writeTargets(db: Db, input: KpiConfig): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      for (const target of input.targets) {
        const key = and(
          eq(kpiTargets.companyId, input.company),
          eq(kpiTargets.month, input.month),
          target.region === null ? isNull(kpiTargets.regionId) : eq(kpiTargets.regionId, target.region),
          target.account === null ? isNull(kpiTargets.accountId) : eq(kpiTargets.accountId, target.account),
        );
        const values = { revenue: target.revenue, orders: target.orders, newCustomers: target.new_customers, visits: target.visits };
        if (isEmptyTarget(target)) {
          await tx.delete(kpiTargets).where(key);
          continue;
        }
        const updated = await tx
          .update(kpiTargets)
          .set({ ...values, updatedAt: new Date() })
          .where(key)
          .returning({ id: kpiTargets.id });
        if (updated.length === 0) {
          await tx
            .insert(kpiTargets)
            .values({ companyId: input.company, month: input.month, regionId: target.region, accountId: target.account, ...values });
        }
      }
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw conflict('Chỉ tiêu vừa được người khác lưu, vui lòng tải lại và thử lại');
    throw error;
  }
}

async function saveConfig({ db }: AppDeps, c: Context<AppEnv>) {
  const input = await parseBody(c, KpiConfigSchema);
  const access = await requirePermission(db, c.get('auth'), input.company, 'kpi', 'edit');
  const scope = kpiScope(access);
  if (scope.kind === 'own') throw forbidden('FORBIDDEN', REGION_MESSAGES.targetOutsideRegion);
  const regionIds = new Set((await regionRefs(db, input.company)).map((region) => region.id));
  const people = await members(db, input.company);
  const memberRegion = new Map(people.map((person) => [person.accountId, person.regionId]));
  checkTargets(input.targets, scope, regionIds, memberRegion);
  await writeTargets(db, input);
  const rows = visibleTargets(scope, access, await monthTargets(db, input.company, input.month), people);
  const answer: KpiConfigAnswer = { month: input.month, targets: rows.map(toRecord) };
  return ok(c, answer, { message: REGION_MESSAGES.targetsSaved });
}

type RegionUnit = KpiRegionUnit & { ref: RegionRef; repCount: number };
type RepUnit = KpiRepUnit & { person: Member };
type JudgedViews = { company: Judged<KpiUnit>; regions: Judged<RegionUnit>[]; reps: Judged<RepUnit>[] };

/** The views answer from the judged month: the company row only for the whole company's view. */
function viewsAnswer(
  base: Pick<KpiViewsAnswer, 'month' | 'clock' | 'scope'>,
  judged: JudgedViews,
  showCompany: boolean,
  regionById: ReadonlyMap<number, RegionRef>,
): KpiViewsAnswer {
  return {
    ...base,
    company: showCompany
      ? {
          own_target: judged.company.target,
          target: judged.company.effective_target,
          target_source: judged.company.target_source,
          actual: judged.company.actual,
          progress: judged.company.progress,
        }
      : null,
    regions: judged.regions.map((region): KpiRegionRow => ({
      region: region.ref,
      own_target: region.target,
      target: region.effective_target,
      target_source: region.target_source,
      actual: region.actual,
      progress: region.progress,
      rep_count: region.repCount,
    })),
    reps: judged.reps.map((rep): KpiRepRow => ({
      account: { id: rep.person.accountId, full_name: rep.person.fullName, phone: rep.person.phone, code: rep.person.code },
      region: rep.regionId !== null ? (regionById.get(rep.regionId) ?? null) : null,
      is_active: rep.person.isActive,
      target: rep.effective_target,
      actual: rep.actual,
      progress: rep.progress,
    })),
  };
}

async function kpiViews({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, KpiMonthQuery);
  const access = await requirePermission(db, c.get('auth'), query.company, 'kpi', 'view');
  const scope = kpiScope(access);
  const month = query.month ?? vietnamMonth();
  const clock = monthClock(month);
  if (query.region !== undefined) {
    if (scope.kind === 'own') throw forbidden('FORBIDDEN', REGION_MESSAGES.ownOnly);
    if (scope.kind === 'region' && scope.regionId !== query.region) throw forbidden('FORBIDDEN', REGION_MESSAGES.otherRegion);
  }
  const [allRegions, people, targets, index] = await Promise.all([
    regionRefs(db, query.company),
    members(db, query.company),
    monthTargets(db, query.company, month),
    getProvinceIndex(),
  ]);
  if (query.region !== undefined && !allRegions.some((region) => region.id === query.region)) {
    throw badRequest('VALIDATION_FAILED', REGION_MESSAGES.regionNotInCompany, { region: REGION_MESSAGES.regionNotInCompany });
  }
  const regionById = new Map(allRegions.map((region) => [region.id, region]));
  const repTarget = new Map(targets.filter((row) => row.accountId !== null).map((row) => [row.accountId!, row]));
  const regionTarget = new Map(targets.filter((row) => row.regionId !== null).map((row) => [row.regionId!, row]));
  const companyTarget = targets.find((row) => row.regionId === null && row.accountId === null);

  // Which regions and reps this caller sees.
  const onlyRegion = query.region ?? (scope.kind === 'region' ? scope.regionId : undefined);
  const shownRegions: RegionRef[] =
    scope.kind === 'own' || onlyRegion === null ? [] : allRegions.filter((region) => onlyRegion === undefined || region.id === onlyRegion);
  const isRep = (person: Member) => (person.staffKind === 'sales' && person.isActive) || repTarget.has(person.accountId);
  const shownReps = people.filter((person) => {
    if (scope.kind === 'own') return person.accountId === access.accountId;
    if (!isRep(person)) return false;
    return onlyRegion === undefined || (onlyRegion !== null && person.regionId === onlyRegion);
  });

  const actuals = await monthActuals(db, query.company, month, index);
  const provinces = await provincesByRegion(db, query.company);
  const liveMembersOf = (regionId: number) => people.filter((person) => person.regionId === regionId).map((person) => person.accountId);
  const judged = judgeMonth({
    clock,
    company: { target: valuesOf(companyTarget), actual: actuals.company },
    regions: shownRegions.map((region) => ({
      id: region.id,
      ref: region,
      target: valuesOf(regionTarget.get(region.id)),
      actual: regionActual(actuals, provinces.get(region.id) ?? [], liveMembersOf(region.id)),
      repCount: shownReps.filter((person) => person.regionId === region.id).length,
    })),
    reps: shownReps.map((person) => ({
      id: person.accountId,
      regionId: person.regionId,
      person,
      target: valuesOf(repTarget.get(person.accountId)),
      actual: actuals.byAccount.get(person.accountId) ?? { ...ZERO_KPI },
    })),
  });
  const base = { month, clock, scope: access.isAdmin ? ('company' as const) : access.scope };
  return ok(c, viewsAnswer(base, judged, scope.kind === 'all' && query.region === undefined, regionById));
}

async function myKpi({ db }: AppDeps, c: Context<AppEnv>) {
  const query = parseQuery(c, KpiMonthQuery);
  const auth = c.get('auth');
  const access = await requirePermission(db, auth, query.company, 'kpi', 'view');
  const month = query.month ?? vietnamMonth();
  const clock = monthClock(month);
  const [target] = await db
    .select()
    .from(kpiTargets)
    .where(and(eq(kpiTargets.companyId, query.company), eq(kpiTargets.month, month), eq(kpiTargets.accountId, auth.accountId)));
  const actuals = await monthActuals(db, query.company, month, await getProvinceIndex(), { accounts: [auth.accountId] });
  const [person] = await db.select({ fullName: accounts.fullName }).from(accounts).where(eq(accounts.id, auth.accountId));
  const regionId = access.membership.regionId;
  const region = regionId === null ? null : ((await regionRefs(db, query.company)).find((ref) => ref.id === regionId) ?? null);
  const judged = judgeMonth({
    clock,
    company: { target: null, actual: ZERO_KPI },
    regions: [],
    reps: [{ id: auth.accountId, regionId, target: valuesOf(target), actual: actuals.byAccount.get(auth.accountId) ?? { ...ZERO_KPI } }],
  });
  const mine = judged.reps[0]!;
  const answer: MyKpiAnswer = {
    month,
    clock,
    account: { id: auth.accountId, full_name: person?.fullName ?? '' },
    region,
    target: mine.effective_target,
    actual: mine.actual,
    progress: mine.progress,
  };
  return ok(c, answer);
}
