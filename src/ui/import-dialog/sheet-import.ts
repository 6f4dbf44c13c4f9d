/**
 * An import read in the browser and sent in calls (products, regions): the file checked and mapped
 * (src/lib/import-file.ts), its rows cut into calls and sent one by one with the rows done as the
 * progress (src/lib/import-sheet.ts), the screen's data refreshed, and a toast with the counts
 * unless the import was stopped (the report then says where and why).
 */
import { readImportFile, type ImportFileOptions } from '@/lib/import-file';
import { sendInChunks, type ImportTally, type SheetRecord } from '@/lib/import-sheet';
import { toast } from '@/ui/toast';
import type { ImportJob, ImportOutcome } from './import-dialog';

export type RowError = { row: number; field?: string | null; message: string };

export type SheetImport<C extends string, R, E extends RowError> = ImportFileOptions<C> & {
  /** Cuts the rows into the calls to send (a product's rows stay in one call). */
  chunk: (rows: SheetRecord<C>[]) => R[][];
  send: (rows: R[], signal: AbortSignal) => Promise<{ created: number; updated: number; errors: E[] }>;
  /** The sentence of a refused call, for the report ("Nhập dữ liệu thất bại: …"). */
  failure: (error: unknown) => string;
  /** Refreshes what the screen shows after rows were written. */
  afterImport: () => Promise<void>;
  /** What the rows are, for the toast: "Đã thêm 3, cập nhật 1 sản phẩm". */
  noun: string;
};

export type SheetTally<E> = ImportTally<E> & { fileName: string };

export async function runSheetImport<C extends string, R, E extends RowError>(
  file: File,
  job: ImportJob,
  options: SheetImport<C, R, E>,
): Promise<ImportOutcome<SheetTally<E>>> {
  job.step({ text: `Đang đọc tệp ${file.name}…` });
  const read = await readImportFile(file, options);
  if ('problem' in read) return read;
  const tally = await sendInChunks({
    chunks: options.chunk(read.sheet.rows),
    send: options.send,
    signal: job.signal,
    onProgress: (done, total) =>
      job.step({ text: `Đang nhập ${file.name}: ${done} / ${total} dòng`, percent: (done / total) * 100, stop: 'Dừng' }),
    failure: options.failure,
  });
  await options.afterImport();
  const { created, updated, errors, stopped } = tally;
  if (!stopped) {
    const summary = `Đã thêm ${created}, cập nhật ${updated} ${options.noun}${errors.length ? `, ${errors.length} dòng lỗi` : ''}`;
    if (errors.length) toast.warning(summary);
    else toast.success(summary);
  }
  return { result: { ...tally, fileName: file.name } };
}
