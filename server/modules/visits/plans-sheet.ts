/**
 * The route plans as an Excel sheet (`plans/export/`, `plans/import/`): one row per stop, so the
 * office can build or check a month of routes in Excel and bring it back. The export is the list's
 * filter (the rep, within the caller's reach); the import groups its rows into plans by the rep
 * (staff code, email or phone) and the plan's name, replaces a plan of that rep with that name or
 * creates it, and saves each one waiting for approval through `savePlan` (./plans.ts), in one
 * transaction: a wrong row refuses the whole file, so a half-imported month never reaches the phones.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { fold } from '@contract/fold';
import { bodyObject, companyBodyField, companyQueryField, isIsoDate } from '@contract/validation';
import {
  describeStop,
  FREQUENCY_CODES,
  PLAN_STATUS_LABELS,
  RoutePlanSchema,
  stopProblem,
  WEEKDAY_LABELS,
  type PlanSheetColumn,
  type RoutePlanInput,
  type VisitFrequency,
} from '@contract/visits-plans';
import { vietnamDay } from '@contract/price-policy';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, customers, routePlans } from '@server/kernel/db/schema';
import { ok } from '@server/kernel/respond';
import { parseBody, parseQuery } from '@server/kernel/validate';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { requirePermission, type Access } from '@server/modules/roles';
import { planRecords, repScope, savePlan } from './plans';

/** The sheet's columns, as the export writes them and the import reads them (src/features/visits/api/plans-api.ts reads the same). */
const COLUMNS: SheetColumn[] = [
  { header: 'Nhân viên', key: 'rep', width: 24 },
  { header: 'Mã NV', key: 'rep_code', width: 16 },
  { header: 'Tuyến', key: 'plan', width: 22 },
  { header: 'Thứ tự', key: 'order', width: 8 },
  { header: 'Mã KH', key: 'customer_code', width: 12 },
  { header: 'Khách hàng', key: 'customer', width: 32 },
  { header: 'Tần suất', key: 'frequency', width: 18 },
  { header: 'Thứ', key: 'weekdays', width: 14 },
  { header: 'Tuần', key: 'weeks', width: 8 },
  { header: 'Ngày áp dụng', key: 'effective_from', width: 13, date: 'day' },
  { header: 'Trạng thái', key: 'status', width: 12 },
  { header: 'Quy tắc', key: 'rule', width: 34 },
];

/** A file of a few hundred customers per rep for a region of reps. */
export const MAX_PLAN_IMPORT_ROWS = 5000;

const ExportQuery = v.object({
  company: companyQueryField,
  account: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhân viên không hợp lệ'), v.transform(Number))),
});

const ImportBody = bodyObject({
  company: companyBodyField,
  rows: v.pipe(
    v.array(
      v.record(v.string(), v.nullable(v.union([v.pipe(v.string(), v.maxLength(2000, 'Ô dữ liệu quá dài')), v.number(), v.boolean()]))),
      'Danh sách dòng không hợp lệ',
    ),
    v.minLength(1, 'Tệp không có dòng dữ liệu nào'),
    v.maxLength(MAX_PLAN_IMPORT_ROWS, `Tối đa ${MAX_PLAN_IMPORT_ROWS} dòng mỗi lần nhập`),
  ),
});

type Cells = Record<string, string | number | boolean | null>;
type RowError = { row: number; field?: string; message: string };
export type PlanImportAnswer = { created: number; updated: number; errors: RowError[] };

/** The rep's key in the sheet: the staff code, else the email, else the phone. */
async function repKeys(db: Db, companyId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: accounts.id, code: accountCompanies.code, email: accounts.email, phone: accounts.phone })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(eq(accountCompanies.companyId, companyId), inArray(accountCompanies.accountId, ids)));
  return new Map(rows.map((row) => [row.id, row.code || row.email || row.phone]));
}

async function exportPlans(db: Db, access: Access, companyId: number, account: number | undefined, onError: (error: unknown) => void) {
  const where: SQL[] = [];
  const scope = repScope(db, access, routePlans.accountId);
  if (scope) where.push(scope);
  if (account !== undefined) where.push(eq(routePlans.accountId, account));
  const plans = await planRecords(db, companyId, where);
  const ids = [...new Set(plans.flatMap((plan) => plan.stops.map((stop) => stop.customer_id)))];
  const codes = ids.length
    ? await db
        .select({ id: customers.id, code: customers.code })
        .from(customers)
        .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids)))
    : [];
  const codeOf = new Map(codes.map((row) => [row.id, row.code]));
  const reps = await repKeys(db, companyId, [...new Set(plans.map((plan) => plan.account_id))]);
  return xlsxResponse(
    `tuyen-ghe-tham-${vietnamDay().replace(/-/g, '')}.xlsx`,
    'Tuyến ghé thăm',
    COLUMNS,
    async function* () {
      for (const plan of plans)
        for (const [index, stop] of plan.stops.entries())
          yield {
            rep: plan.account_name,
            rep_code: reps.get(plan.account_id) ?? '',
            plan: plan.name,
            order: index + 1,
            customer_code: codeOf.get(stop.customer_id) ?? '',
            customer: stop.customer_name,
            frequency: stop.frequency,
            weekdays: stop.weekdays.map((day) => WEEKDAY_LABELS[day]).join(', '),
            weeks: stop.weeks.length ? stop.weeks.join(', ') : null,
            effective_from: excelDay(plan.effective_from),
            status: PLAN_STATUS_LABELS[plan.status],
            rule: describeStop(stop),
          };
    },
    onError,
  );
}

// ---- Reading a row ------------------------------------------------------------------------------

const HEADER_KEYS: Record<string, string> = Object.fromEntries(COLUMNS.map((column) => [headerKey(column.header), column.header]));

function headerKey(text: string): string {
  return fold(text).replace(/[^a-z0-9]/g, '');
}

/** A cell by its column, whatever the header's accents or case. */
function cell(cells: Cells, column: PlanSheetColumn): string | null {
  for (const [key, value] of Object.entries(cells)) {
    if (key !== column && HEADER_KEYS[headerKey(key)] !== column) continue;
    if (value === null || typeof value === 'boolean') return null;
    const text = String(value).normalize('NFC').trim();
    return text === '' ? null : text;
  }
  return null;
}

const WEEKDAY_WORDS: Record<string, number> = { cn: 7, chunhat: 7, '8': 7 };
for (let day = 2; day <= 7; day += 1) for (const word of [`t${day}`, `thu${day}`, `${day}`]) WEEKDAY_WORDS[word] = day - 1;

/** "T2, T5", "Thứ 3 và Thứ 6", "CN" → ISO weekdays; null when one part is none. */
export function readWeekdays(text: string | null): number[] | null {
  if (!text) return [];
  const parts = fold(text)
    .split(/[,;/]|\bva\b/)
    .map((part) => part.replace(/[^a-z0-9]/g, ''))
    .filter(Boolean);
  const days = parts.map((part) => WEEKDAY_WORDS[part]);
  return days.every((day) => day !== undefined) ? days.sort((a, b) => a - b) : null;
}

/** "1, 3", "1 và 3", "2" → weeks; null when a part is not a number. */
function readWeeks(text: string | null): number[] | null {
  if (!text) return [];
  const parts = fold(text)
    .split(/[,;/]|\bva\b|\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.every((part) => /^\d$/.test(part)) ? parts.map(Number).sort((a, b) => a - b) : null;
}

/** "F4", "F4 – tuần 1 lần", "4" → the code; null when it is none of the codes. */
function readFrequency(text: string | null): VisitFrequency | null {
  const match = /^f?\s*(\d+)/.exec(fold(text ?? ''));
  const code = match ? `F${match[1]}` : '';
  return (FREQUENCY_CODES as string[]).includes(code) ? (code as VisitFrequency) : null;
}

/** A date cell as read ("2026-12-01", maybe with a time) or typed (01/12/2026) → YYYY-MM-DD. */
function readDay(text: string | null): string | null {
  if (!text) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
  if (iso) return isIsoDate(iso) ? iso : null;
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!typed) return null;
  const day = `${typed[3]}-${typed[2]!.padStart(2, '0')}-${typed[1]!.padStart(2, '0')}`;
  return isIsoDate(day) ? day : null;
}

type ReadStop = { row: number; order: number; code: string; frequency: VisitFrequency; weekdays: number[]; weeks: number[] };
type ReadPlan = { repKey: string; name: string; effectiveFrom: string; firstRow: number; stops: ReadStop[] };

/** The file's rows grouped into plans by (rep, name), each stop checked on its own; the errors of every row. */
function readPlans(rows: Cells[]): { plans: ReadPlan[]; errors: RowError[] } {
  const plans = new Map<string, ReadPlan>();
  const errors: RowError[] = [];
  rows.forEach((cells, index) => {
    const given = cells._row;
    const row = typeof given === 'number' && Number.isInteger(given) && given > 0 ? given : index + 2;
    const fail = (field: string, message: string) => errors.push({ row, field, message: `Dòng ${row}: ${message}` });
    const repKey = cell(cells, 'Mã NV');
    const name = cell(cells, 'Tuyến');
    const code = cell(cells, 'Mã KH');
    const frequency = readFrequency(cell(cells, 'Tần suất'));
    const weekdays = readWeekdays(cell(cells, 'Thứ'));
    const weeks = readWeeks(cell(cells, 'Tuần'));
    const effectiveFrom = readDay(cell(cells, 'Ngày áp dụng'));
    const orderText = cell(cells, 'Thứ tự');
    const order = orderText === null ? index + 1 : Number(orderText);
    if (!repKey) return fail('Mã NV', 'Vui lòng nhập mã nhân viên, email hoặc số điện thoại');
    if (!name) return fail('Tuyến', 'Vui lòng nhập tên tuyến');
    if (name.length > 100) return fail('Tuyến', 'Tên tuyến tối đa 100 ký tự');
    if (!code) return fail('Mã KH', 'Vui lòng nhập mã khách hàng');
    if (!frequency) return fail('Tần suất', `Tần suất phải là một trong ${FREQUENCY_CODES.join(', ')}`);
    if (weekdays === null) return fail('Thứ', 'Thứ không hợp lệ (VD: T2, T5 hoặc CN)');
    if (weeks === null) return fail('Tuần', 'Tuần không hợp lệ (VD: 1 và 3)');
    if (!effectiveFrom) return fail('Ngày áp dụng', 'Ngày áp dụng không hợp lệ (DD/MM/YYYY)');
    if (!Number.isFinite(order)) return fail('Thứ tự', 'Thứ tự phải là số');
    const key = `${fold(repKey)}\u0000${name.toLocaleLowerCase('vi')}`;
    const plan = plans.get(key) ?? { repKey, name, effectiveFrom, firstRow: row, stops: [] };
    plans.set(key, plan);
    if (plan.effectiveFrom !== effectiveFrom)
      return fail('Ngày áp dụng', `Ngày áp dụng khác các dòng trên của tuyến ${name} (dòng ${plan.firstRow})`);
    plan.stops.push({ row, order, code, frequency, weekdays, weeks });
  });
  return { plans: [...plans.values()], errors };
}

// ---- Saving -------------------------------------------------------------------------------------

/** The reps the caller may plan for, by every key a sheet may name them with (code, email, phone; folded). */
async function repsByKey(db: Db, access: Access): Promise<Map<string, number>> {
  const scope = repScope(db, access, accountCompanies.accountId);
  const rows = await db
    .select({ id: accounts.id, code: accountCompanies.code, email: accounts.email, phone: accounts.phone })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(
      and(
        eq(accountCompanies.companyId, access.membership.companyId),
        eq(accountCompanies.status, 'accept'),
        eq(accountCompanies.isActive, true),
        ...(scope ? [scope] : []),
      ),
    );
  const byKey = new Map<string, number>();
  for (const row of rows) for (const key of [row.phone, row.email, row.code]) if (key) byKey.set(fold(key), row.id);
  return byKey;
}

async function customersByCode(db: Db, companyId: number, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, code: customers.code })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.code, codes)));
  return new Map(rows.map((row) => [row.code.toUpperCase(), row.id]));
}

/** The plans as the API's bodies, or the rows that cannot be (unknown rep or customer, a stop that breaks its frequency). */
async function planInputs(db: Db, access: Access, plans: ReadPlan[]) {
  const companyId = access.membership.companyId;
  const reps = await repsByKey(db, access);
  const codes = [...new Set(plans.flatMap((plan) => plan.stops.flatMap((stop) => [stop.code, stop.code.toUpperCase()])))];
  const customerIds = await customersByCode(db, companyId, codes);
  const errors: RowError[] = [];
  const inputs: RoutePlanInput[] = [];
  for (const plan of plans) {
    const accountId = reps.get(fold(plan.repKey));
    if (accountId === undefined)
      errors.push({
        row: plan.firstRow,
        field: 'Mã NV',
        message: `Dòng ${plan.firstRow}: không tìm thấy nhân viên ${plan.repKey} trong công ty hoặc khu vực bạn phụ trách`,
      });
    const seen = new Map<string, number>();
    const stops = [...plan.stops].sort((a, b) => a.order - b.order || a.row - b.row);
    for (const stop of stops) {
      const id = customerIds.get(stop.code.toUpperCase());
      const fail = (field: string, message: string) => errors.push({ row: stop.row, field, message: `Dòng ${stop.row}: ${message}` });
      if (!id) fail('Mã KH', `không tìm thấy khách hàng mã ${stop.code}`);
      else if (seen.has(id)) fail('Mã KH', `khách hàng ${stop.code} đã có ở dòng ${seen.get(id)} của tuyến ${plan.name}`);
      else seen.set(id, stop.row);
      const problem = stopProblem(stop);
      if (problem) fail(/ngày/i.test(problem) ? 'Thứ' : 'Tuần', problem);
    }
    const input = {
      company: companyId,
      account_id: accountId ?? 0,
      name: plan.name,
      effective_from: plan.effectiveFrom,
      stops: stops.map((stop) => ({
        customer_id: customerIds.get(stop.code.toUpperCase()) ?? '',
        frequency: stop.frequency,
        weekdays: stop.weekdays,
        weeks: stop.weeks,
      })),
    };
    const parsed = v.safeParse(RoutePlanSchema, input);
    if (parsed.success) inputs.push(parsed.output);
    else if (!errors.some((error) => plan.stops.some((stop) => stop.row === error.row) || error.row === plan.firstRow))
      errors.push({ row: plan.firstRow, message: `Dòng ${plan.firstRow}: tuyến ${plan.name}: ${parsed.issues[0]!.message}` });
  }
  return { inputs, errors };
}

export async function importPlans(db: Db, access: Access, rows: Cells[]): Promise<PlanImportAnswer> {
  const read = readPlans(rows);
  const checked = await planInputs(db, access, read.plans);
  const errors = [...read.errors, ...checked.errors].sort((a, b) => a.row - b.row);
  if (errors.length) return { created: 0, updated: 0, errors };
  const answer: PlanImportAnswer = { created: 0, updated: 0, errors: [] };
  await db.transaction(async (tx) => {
    for (const input of checked.inputs) {
      const [existing] = await tx
        .select()
        .from(routePlans)
        .where(and(eq(routePlans.companyId, input.company), eq(routePlans.accountId, input.account_id), eq(routePlans.name, input.name)));
      await savePlan(tx, existing?.id ?? randomUUID(), input, access.accountId, existing ?? null);
      answer[existing ? 'updated' : 'created'] += 1;
    }
  });
  return answer;
}

/** Adds `export/` and `import/` to the plans' routes (server/modules/visits/plans.routes.ts). */
export function addPlanSheetRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  const { db } = deps;
  app.get('/export', async (c) => {
    const query = parseQuery(c, ExportQuery);
    const access = await requirePermission(db, c.get('auth'), query.company, 'visits', 'export');
    return exportPlans(db, access, query.company, query.account, (error) => deps.logger.error({ err: error }, 'route plan export failed'));
  });
  app.post('/import', async (c) => {
    const input = await parseBody(c, ImportBody);
    const access = await requirePermission(db, c.get('auth'), input.company, 'visits', 'edit');
    const answer = await importPlans(db, access, input.rows);
    return ok(
      c,
      answer,
      answer.errors.length ? { message: 'Tệp có dòng lỗi, chưa lưu tuyến nào' } : { message: 'Đã nhập tuyến, chờ duyệt' },
    );
  });
}
