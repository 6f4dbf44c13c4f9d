/**
 * An .xlsx answer written as it is read: a header row in bold, frozen and filtered, then rows
 * from an async source (pages of a query), streamed so a big export never sits in memory whole.
 * Every export and template goes through here, so each opens the same way in Excel: the header
 * stays in view while scrolling and its filter buttons are on without a click.
 */
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { contentDisposition } from './content-disposition';

/** `money`: a number shown 1.234.567; `date`: a date cell (filled by excelDay or excelMoment) shown as Vietnamese sheets write it. */
export type SheetColumn = { header: string; key: string; width: number; money?: boolean; date?: 'day' | 'moment' };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const FORMATS = { money: '#,##0', day: 'dd/mm/yyyy', moment: 'dd/mm/yyyy hh:mm' } as const;

/** Vietnam is UTC+7 all year; an Excel date has no zone, so a cell holds Vietnam's wall clock. */
const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** An ISO day (YYYY-MM-DD) as a date cell (a real date: it sorts, filters and subtracts in Excel), or empty. */
export function excelDay(day: string | null | undefined): Date | null {
  return day ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : null;
}

/** A moment as a date-and-time cell showing Vietnam's time. */
export function excelMoment(at: Date | string): Date {
  return new Date(new Date(at).getTime() + VIETNAM_OFFSET_MS);
}

function columnStyle({ money, date }: SheetColumn): Partial<ExcelJS.Style> {
  if (money) return { numFmt: FORMATS.money };
  return date ? { numFmt: FORMATS[date] } : {};
}

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
    sheet.columns = columns.map((column) => ({ header: column.header, key: column.key, width: column.width, style: columnStyle(column) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let written = 1;
    for await (const row of rows()) {
      sheet.addRow(row).commit();
      written += 1;
    }
    // Over the header and every row written: Excel filters the range it is given, and the row count
    // is known only now (the filter is written when the sheet is committed, after its rows).
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: written, column: Math.max(1, columns.length) } };
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return new Response(Readable.toWeb(output) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': contentDisposition('attachment', fileName),
      'Cache-Control': 'no-store',
    },
  });
}
