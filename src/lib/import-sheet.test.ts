import { describe, expect, it } from 'vitest';
import { columnReader, sendInChunks } from './import-sheet';

type RowError = { row: number; message: string };

describe('sendInChunks', () => {
  it('adds up every answer, reports progress, and lists refused rows in sheet order', async () => {
    const progress: string[] = [];
    const tally = await sendInChunks<number, RowError>({
      chunks: [
        [2, 3],
        [4, 5, 6],
      ],
      send: async (chunk) => ({ created: chunk.length - 1, updated: 1, errors: [{ row: chunk[chunk.length - 1]!, message: 'Sai' }] }),
      signal: new AbortController().signal,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
      failure: () => 'không dùng',
    });
    expect(progress).toEqual(['0/5', '2/5', '5/5']);
    expect(tally).toEqual({
      total: 5,
      created: 3,
      updated: 2,
      errors: [
        { row: 3, message: 'Sai' },
        { row: 6, message: 'Sai' },
      ],
      stopped: null,
    });
  });

  it('stops at a failed call saying how far it got, and says so differently when the person stopped it', async () => {
    const failing = await sendInChunks<number, RowError>({
      chunks: [[2], [3], [4]],
      send: async (chunk) => {
        if (chunk[0] === 3) throw new Error('mất mạng');
        return { created: 1, updated: 0, errors: [] };
      },
      signal: new AbortController().signal,
      onProgress: () => {},
      failure: (error) => `Nhập dữ liệu thất bại (${(error as Error).message})`,
    });
    expect(failing).toMatchObject({ created: 1, stopped: 'Nhập dữ liệu thất bại (mất mạng). Đã dừng sau 1 / 3 dòng.' });

    const controller = new AbortController();
    const stopped = await sendInChunks<number, RowError>({
      chunks: [[2], [3]],
      send: async () => {
        controller.abort();
        throw new Error('aborted');
      },
      signal: controller.signal,
      onProgress: () => {},
      failure: () => 'không dùng',
    });
    expect(stopped.stopped).toBe('Đã dừng nhập sau 0 / 2 dòng.');
  });
});

describe('columnReader', () => {
  const columnOf = columnReader(['Mã hàng', 'Hạn dùng'] as const, { hsd: 'Hạn dùng' });

  it('reads a header by its name or a short name, without diacritics, case or punctuation', () => {
    expect(columnOf('MA HANG')).toBe('Mã hàng');
    expect(columnOf('H.S.D')).toBe('Hạn dùng');
    expect(columnOf('Ghi chú')).toBeNull();
    expect(columnOf(null)).toBeNull();
  });
});
