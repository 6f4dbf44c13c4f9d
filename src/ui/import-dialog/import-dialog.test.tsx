import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readImportFile } from '@/lib/import-file';
import type { MappedSheet } from '@/lib/import-sheet';
import { SheetImportDialog } from './sheet-import-dialog';
import type { RowError } from './sheet-import';

// The .xlsx reader is another module's job (and has its own tests): the dialog gets mapped rows.
vi.mock('@/lib/import-file', () => ({ readImportFile: vi.fn() }));
const read = vi.mocked(readImportFile);

type Column = 'Mã' | 'Tên';
const SHEET: MappedSheet<Column> = {
  rows: [
    { Mã: 'A1', Tên: 'Hà Nội', _row: 2 },
    { Mã: 'A2', Tên: null, _row: 3 },
  ],
  unknownHeaders: [],
  missingColumns: [],
};

afterEach(() => {
  act(() => notifications.clean());
  vi.clearAllMocks();
});

type Answer = { created: number; updated: number; errors: RowError[] };

function renderDialog(send: (rows: unknown[], signal: AbortSignal) => Promise<Answer>) {
  const afterImport = vi.fn(async () => {});
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <SheetImportDialog
        opened
        onClose={onClose}
        title="Nhập khu vực từ Excel"
        testIdPrefix="region-import"
        intro="Mỗi dòng là một khu vực."
        sheet={{
          maxBytes: 1024,
          map: () => SHEET,
          template: 'Hãy dùng file mẫu.',
          chunk: (rows) => rows.map((row) => [row]),
          send,
          failure: () => 'Nhập dữ liệu thất bại',
          afterImport,
          noun: 'khu vực',
        }}
      />
    </MantineProvider>,
  );
  return { afterImport, onClose };
}

function pick(name = 'khu-vuc.xlsx') {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
}

describe('SheetImportDialog', () => {
  it('sends the rows and reports what was created and each refused row with its column and reason', async () => {
    read.mockResolvedValue({ sheet: SHEET });
    const send = vi.fn(async (rows: unknown[]) =>
      (rows[0] as { _row: number })._row === 2
        ? { created: 1, updated: 0, errors: [] }
        : { created: 0, updated: 0, errors: [{ row: 3, field: 'Tên', message: 'Thiếu tên khu vực' }] },
    );
    const { afterImport } = renderDialog(send);
    expect(screen.getByText('Mỗi dòng là một khu vực.')).toBeTruthy();
    pick();

    const report = await screen.findByTestId('region-import-report');
    expect(send).toHaveBeenCalledTimes(2);
    expect(afterImport).toHaveBeenCalledTimes(1);
    expect(within(report).getByTestId('region-import-created').textContent).toBe('1');
    expect(within(report).getByTestId('region-import-error-count').textContent).toBe('1');
    const refused = within(within(report).getByTestId('region-import-errors').querySelector('tbody')!).getAllByRole('row');
    expect(refused.map((row) => row.textContent)).toEqual(['3TênThiếu tên khu vực']);
    expect(within(report).getByRole('button', { name: 'Tải báo cáo lỗi' })).toBeTruthy();

    fireEvent.click(within(report).getByRole('button', { name: 'Nhập tệp khác' }));
    expect(screen.getByTestId('region-import-pick')).toBeTruthy();
  });

  it('says why a file cannot be imported under the picker, sending nothing', async () => {
    read.mockResolvedValue({ problem: 'Tệp thiếu cột: Tên. Hãy dùng file mẫu.' });
    const send = vi.fn();
    renderDialog(send);
    pick();
    expect((await screen.findByTestId('region-import-problem')).textContent).toBe('Tệp thiếu cột: Tên. Hãy dùng file mẫu.');
    expect(screen.getByTestId('region-import-pick')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the rows done while sending, cannot be closed meanwhile, and stops at "Dừng"', async () => {
    read.mockResolvedValue({ sheet: SHEET });
    const send = vi.fn(
      (_rows: unknown[], signal: AbortSignal) =>
        new Promise<Answer>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    renderDialog(send);
    pick('bac-bo.xlsx');

    await screen.findByText('Đang nhập bac-bo.xlsx: 0 / 2 dòng');
    expect(screen.queryByRole('button', { name: 'Đóng' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dừng' }));

    const report = await screen.findByTestId('region-import-report');
    expect(within(report).getByText('Đã dừng nhập sau 0 / 2 dòng.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Đóng' })).toBeTruthy());
  });
});
