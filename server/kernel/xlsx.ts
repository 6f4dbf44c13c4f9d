/**
 * An .xlsx answer written as it is read: a header row in bold, frozen, then rows from an async
 * source (pages of a query), streamed so a big export never sits in memory whole.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetColumn = { header: string; key: string; width: number; money?: boolean };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Dates and times as Vietnamese people write them, in Vietnam's time zone (DD/MM/YYYY HH:mm). */
export const VN_DATE_TIME = new Intl.DateTimeFormat('vi-VN', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** An ISO day (YYYY-MM-DD) as DD/MM/YYYY. */
export const vnDay = (day: string | null | undefined): string => (day ? day.split('-').reverse().join('/') : '');

export function xlsxResponse(
  fileName: string,
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: () => AsyncIterable<Record<string, unknown>>,
  onError: (error: unknown) => void,
): Response {
  const output = new PassThrough();
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map(({ money, ...column }) => ({ ...column, style: money ? { numFmt: '#,##0' } : {} }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const row of rows()) sheet.addRow(row).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });
}
