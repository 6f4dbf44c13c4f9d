/**
 * Historical sales (docs/system.md "Historical sales"): a company's sales before the app, or outside
 * it, read from an Excel sheet (the people imports' reader and bounds, server/modules/employees) into
 * `historical_sales`. Each row is checked on its own; the good rows replace what earlier uploads
 * held for the same months, in one transaction, so an upload can be corrected by uploading again.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { HISTORY_SHEET_COLUMNS, type HistoryImportAnswer, type HistoryMonth } from '@contract/system';
import { uuidv7 } from '@contract/uuid';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, historicalSales } from '@server/kernel/db/schema';
import { CellError, date, headerAliases, month, text, wholeNumber, type SheetRow } from '@server/modules/employees';
import { formatMoney } from '@contract/money';

export const HISTORY_ALIASES = headerAliases(HISTORY_SHEET_COLUMNS, {
  'Mã nhân viên': 'Mã NV',
  'Mã khách hàng': 'Mã KH',
  'Khách hàng': 'Tên khách hàng',
  'Mã sản phẩm': 'Mã SP',
  'Sản phẩm': 'Tên sản phẩm',
  'Tỉnh/thành': 'Mã tỉnh',
  'Doanh thu': 'Doanh số',
  SL: 'Số lượng',
});
export const HISTORY_REQUIRED = [['Tháng'], ['Doanh số']];

const MAX_MONEY = 1_000_000_000_000_000;

type Row = typeof historicalSales.$inferInsert;

export async function importHistory(db: Db, companyId: number, rows: SheetRow[], importedBy: number): Promise<HistoryImportAnswer> {
  const members = await db
    .select({ accountId: accountCompanies.accountId, code: accountCompanies.code })
    .from(accountCompanies)
    .where(eq(accountCompanies.companyId, companyId));
  const byCode = new Map(members.filter((m) => m.code).map((m) => [m.code!.toLowerCase(), m.accountId]));
  const batchId = uuidv7();
  const answer: HistoryImportAnswer = { total: rows.length, saved: 0, failed: 0, months: [], rows: [] };
  const good: Row[] = [];
  for (const { row, cells } of rows) {
    try {
      const period = month(cells, 'Tháng');
      if (!period) throw new CellError('Tháng', 'Vui lòng nhập Tháng (MM/YYYY)');
      const day = date(cells, 'Ngày');
      if (day && day.slice(0, 7) !== period) throw new CellError('Ngày', 'Ngày không thuộc Tháng của dòng');
      const revenue = wholeNumber(cells, 'Doanh số', MAX_MONEY);
      if (revenue === null) throw new CellError('Doanh số', 'Vui lòng nhập Doanh số');
      const staffCode = text(cells, 'Mã NV', 40);
      const accountId = staffCode ? byCode.get(staffCode.toLowerCase()) : undefined;
      if (staffCode && accountId === undefined) throw new CellError('Mã NV', `Không có nhân viên nào có mã ${staffCode}`);
      const province = text(cells, 'Mã tỉnh', 6);
      if (province && !/^\d{1,6}$/.test(province)) throw new CellError('Mã tỉnh', 'Mã tỉnh gồm chữ số (ví dụ 79, 01)');
      good.push({
        id: uuidv7(),
        companyId,
        batchId,
        month: period,
        day,
        accountId: accountId ?? null,
        customerCode: text(cells, 'Mã KH', 40),
        customerName: text(cells, 'Tên khách hàng', 200),
        productCode: text(cells, 'Mã SP', 40),
        productName: text(cells, 'Tên sản phẩm', 200),
        provinceCode: province ? province.padStart(2, '0') : null,
        quantity: wholeNumber(cells, 'Số lượng', 1_000_000_000) ?? 0,
        revenue,
        orders: wholeNumber(cells, 'Số đơn', 1_000_000) ?? 0,
        importedBy,
      });
      answer.rows.push({ row, ok: true, message: `Tháng ${period.slice(5)}/${period.slice(0, 4)}: ${formatMoney(revenue)}` });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      answer.failed += 1;
      answer.rows.push({ row, ok: false, message: `${error.column}: ${error.message}` });
    }
  }
  const months = [...new Set(good.map((row) => row.month))].sort();
  if (good.length > 0) {
    await db.transaction(async (tx) => {
      await tx.delete(historicalSales).where(and(eq(historicalSales.companyId, companyId), inArray(historicalSales.month, months)));
      for (let start = 0; start < good.length; start += 500) await tx.insert(historicalSales).values(good.slice(start, start + 500));
    });
  }
  answer.saved = good.length;
  answer.months = months;
  return answer;
}

export async function historyMonths(db: Db, companyId: number): Promise<HistoryMonth[]> {
  const rows = await db
    .select({
      month: historicalSales.month,
      revenue: sql<string>`sum(${historicalSales.revenue})`,
      orders: sql<string>`sum(${historicalSales.orders})`,
      quantity: sql<string>`sum(${historicalSales.quantity})`,
      rows: sql<string>`count(*)`,
    })
    .from(historicalSales)
    .where(eq(historicalSales.companyId, companyId))
    .groupBy(historicalSales.month)
    .orderBy(historicalSales.month);
  return rows.map((row) => ({
    month: row.month,
    revenue: Number(row.revenue),
    orders: Number(row.orders),
    quantity: Number(row.quantity),
    rows: Number(row.rows),
  }));
}
