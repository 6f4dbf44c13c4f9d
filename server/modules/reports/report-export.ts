/**
 * Excel export of a report table, exactly as shown: the caller names the columns it shows, in its
 * order, and the report's own filter; every row of that filter is written (all pages), the cells as
 * the screen reads them (money and counts as numbers, days DD/MM/YYYY, percents with one decimal).
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  CustomerReportSchema,
  CustomerTypeReportSchema,
  ProductReportSchema,
  RegionReportSchema,
  ReportFilterSchema,
  type ReportKind,
} from '@contract/reports';
import { isReportTable, REPORT_TABLE_NAMES, reportColumns, type ReportColumn, type ReportTable } from '@contract/reports-columns';
import type { AppEnv } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { badRequest } from '@server/kernel/errors';
import { requirePermission } from '@server/modules/roles';
import { parseQuery } from '@server/kernel/validate';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import { reportContext, type ReportContext } from './report-context';
import { customerReport, customerTypeReport } from './report-customers';
import { businessAnalysis } from './report-orders';
import { bestSellingProducts } from './report-products';
import { promotionReport } from './report-promotions';
import { regionReport } from './report-regions';
import { staffReport } from './report-staff';

type Row = Record<string, unknown>;
type Source = { kind: ReportKind; title: string; schema: v.GenericSchema; rows: (ctx: ReportContext, query: never) => AsyncIterable<Row> };

async function* each(rows: Promise<readonly Row[]>): AsyncIterable<Row> {
  yield* await rows;
}

/** Page after page of a paged report, to its end. */
async function* pages(read: (page: number) => Promise<{ rows: readonly Row[]; count: number }>): AsyncIterable<Row> {
  for (let page = 1; ; page += 1) {
    const answer = await read(page);
    yield* answer.rows;
    if (answer.rows.length === 0 || page * 100 >= answer.count) return;
  }
}

const SOURCES: Record<ReportTable, Source> = {
  'report-orders': {
    kind: 'orders',
    title: 'Báo cáo đơn hàng',
    schema: ReportFilterSchema,
    rows: (ctx) => each(businessAnalysis(ctx).then((answer) => answer.series)),
  },
  'report-products': {
    kind: 'products',
    title: 'Báo cáo sản phẩm',
    schema: ProductReportSchema,
    rows: (ctx, query: v.InferOutput<typeof ProductReportSchema>) =>
      pages((page) => bestSellingProducts(ctx, { ...query, page, limit: 100 })),
  },
  'report-employee': {
    kind: 'employee',
    title: 'Báo cáo nhân viên',
    schema: ReportFilterSchema,
    rows: (ctx) => each(staffReport(ctx).then((answer) => answer.rows)),
  },
  'report-region': {
    kind: 'region',
    title: 'Báo cáo khu vực',
    schema: RegionReportSchema,
    rows: (ctx, query: v.InferOutput<typeof RegionReportSchema>) => each(regionReport(ctx, query.group_by).then((answer) => answer.rows)),
  },
  'report-customer': {
    kind: 'customer',
    title: 'Báo cáo khách hàng',
    schema: CustomerReportSchema,
    rows: (ctx, query: v.InferOutput<typeof CustomerReportSchema>) => pages((page) => customerReport(ctx, { ...query, page, limit: 100 })),
  },
  'report-customer-types': {
    kind: 'customer',
    title: 'Báo cáo nhóm khách hàng',
    schema: CustomerTypeReportSchema,
    rows: (ctx, query: v.InferOutput<typeof CustomerTypeReportSchema>) => each(customerTypeReport(ctx, query.group_by)),
  },
  'report-promotions': {
    kind: 'promotions',
    title: 'Báo cáo khuyến mại',
    schema: ReportFilterSchema,
    rows: (ctx) => each(promotionReport(ctx).then((answer) => answer.rows)),
  },
};

const ExportQuery = v.object({
  table: v.picklist(REPORT_TABLE_NAMES, 'Bảng báo cáo không hợp lệ'),
  columns: v.pipe(v.string('Vui lòng chọn cột'), v.regex(/^[a-z_]{1,40}(,[a-z_]{1,40}){0,39}$/, 'Danh sách cột không hợp lệ')),
});

function cell(column: ReportColumn, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (column.kind === 'day') return excelDay(String(value));
  if (column.kind === 'yesno') return value ? 'Có' : 'Không';
  return value;
}

export async function exportReport(db: Db, c: Context<AppEnv>, onError: (error: unknown) => void): Promise<Response> {
  const { table, columns: named } = parseQuery(c, ExportQuery);
  if (!isReportTable(table)) throw badRequest('VALIDATION_FAILED', 'Bảng báo cáo không hợp lệ');
  const source = SOURCES[table];
  const query = parseQuery(c, source.schema as typeof ReportFilterSchema);
  await requirePermission(db, c.get('auth'), query.company, 'reports', 'export');
  const ctx = await reportContext(db, c.get('auth'), query, source.kind);
  const known = new Map(reportColumns(table).map((column) => [column.key, column]));
  const shown = [...new Set(named.split(','))].map((key) => known.get(key));
  if (shown.some((column) => column === undefined)) {
    throw badRequest('VALIDATION_FAILED', 'Có cột không thuộc bảng báo cáo này', { columns: 'Cột không hợp lệ' });
  }
  const columns = shown as ReportColumn[];
  const sheetColumns: SheetColumn[] = columns.map((column) => ({
    header: column.kind === 'percent' ? `${column.label} (%)` : column.label,
    key: column.key,
    width: column.kind === 'text' ? 30 : 16,
    money: column.kind === 'money' || column.kind === 'number',
    ...(column.kind === 'day' ? { date: 'day' as const } : {}),
  }));
  const file = `${table}-${ctx.period.from}-${ctx.period.to}.xlsx`;
  return xlsxResponse(
    file,
    source.title,
    sheetColumns,
    async function* () {
      for await (const row of source.rows(ctx, query as never)) {
        yield Object.fromEntries(columns.map((column) => [column.key, cell(column, row[column.key])]));
      }
    },
    onError,
  );
}
