/**
 * An .xlsx answer written as it is read: a header row in bold, frozen, then rows from an async
 * source (pages of a query), streamed so a big export never sits in memory whole.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';

export type SheetColumn = { header: string; key: string; width: number; money?: boolean };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const VN_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Ho_Chi_Minh',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment as Vietnamese sheets write it, in Vietnam's time zone: DD/MM/YYYY HH:mm (the day first, a 4-digit year). */
export function vnDateTime(at: Date): string {
  const part = Object.fromEntries(VN_PARTS.formatToParts(at).map(({ type, value }) => [type, value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

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
