/**
 * The historical sales calls under /account/api (docs/system.md "Historical sales"): the system
 * administrator uploads a company's past sales from Excel (admin/import-sales-history/, multipart
 * `company` and `file`), downloads the template, and reads the months held (admin/sales-history/).
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context, type Next } from 'hono';
import * as v from 'valibot';
import { HISTORY_SHEET_COLUMNS, HistoryQuery } from '@contract/system';
import { idField } from '@contract/validation';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { companies } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseQuery, parseWith } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { requireSystemAdmin } from '@server/kernel/membership';
import { xlsxResponse } from '@server/kernel/xlsx';
import { readSheet } from '@server/modules/employees';
import { HISTORY_ALIASES, HISTORY_REQUIRED, historyMonths, importHistory } from './sales-history';

const system = async (c: Context<AppEnv>, next: Next) => {
  requireSystemAdmin(c.get('auth'));
  await next();
};

async function requireCompany(deps: AppDeps, id: number): Promise<void> {
  const [row] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  if (!row) throw notFound('Không tìm thấy công ty');
}

export function salesHistoryRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);

  app.get('/admin/import-sales-history/template', requireAuth, system, () =>
    xlsxResponse(
      'mau-nhap-doanh-so-lich-su.xlsx',
      'Doanh số',
      HISTORY_SHEET_COLUMNS.map((header) => ({ header, key: header, width: header.startsWith('Tên') ? 30 : 14 })),
      async function* example() {
        yield {
          Tháng: '01/2026',
          Ngày: '',
          'Mã NV': '',
          'Mã KH': 'KH000001',
          'Tên khách hàng': 'Nhà thuốc mẫu',
          'Mã SP': 'SP000001',
          'Tên sản phẩm': 'Sản phẩm mẫu',
          'Mã tỉnh': '79',
          'Số lượng': 10,
          'Doanh số': 1_000_000,
          'Số đơn': 1,
        };
      },
      (error) => deps.logger.error({ err: error }, 'history template failed'),
    ),
  );

  app.post('/admin/import-sales-history', requireAuth, system, async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data'))
      throw badRequest('VALIDATION_FAILED', 'Vui lòng tải lên tệp Excel (.xlsx) dạng multipart/form-data', {
        file: 'Vui lòng chọn tệp Excel (.xlsx)',
      });
    let body: Record<string, string | File>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw badRequest('VALIDATION_FAILED', 'Không đọc được tệp tải lên', { file: 'Không đọc được tệp tải lên' });
    }
    const { company } = parseWith(v.object({ company: idField('công ty') }), {
      company: typeof body.company === 'string' ? body.company : undefined,
    });
    await requireCompany(deps, company);
    const file = body.file;
    if (!(file instanceof File) || file.size === 0)
      throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn tệp Excel (.xlsx)', { file: 'Vui lòng chọn tệp Excel (.xlsx)' });
    const rows = await readSheet(await file.arrayBuffer(), HISTORY_ALIASES, HISTORY_REQUIRED);
    const answer = await importHistory(deps.db, company, rows, c.get('auth').accountId);
    return ok(c, answer, { message: `Đã lưu ${answer.saved} dòng doanh số${answer.failed ? `, ${answer.failed} dòng lỗi` : ''}` });
  });

  app.get('/admin/sales-history', requireAuth, system, async (c) => {
    const query = parseQuery(c, HistoryQuery);
    await requireCompany(deps, query.company);
    const months = await historyMonths(deps.db, query.company);
    return ok(c, query.month ? months.filter((entry) => entry.month === query.month) : months, { count: months.length });
  });

  return app;
}
