import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/ui/toast';
import { ExportButton, type ExportProgress } from './export-button';

afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

const renderButton = (props: Partial<Parameters<typeof ExportButton>[0]>) =>
  render(
    <MantineProvider env="test">
      <ExportButton run={async () => undefined} failure={() => 'Xuất Excel thất bại'} testId="order-export" {...props} />
    </MantineProvider>,
  );

describe('ExportButton', () => {
  it('is off without a network, and says why', () => {
    renderButton({ offline: true });
    const button = screen.getByRole('button', { name: 'Xuất Excel' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe('Cần kết nối mạng để xuất Excel');
  });

  it('shows the bytes received while the file streams, then says what it saved', async () => {
    const success = vi.spyOn(toast, 'success');
    let report!: (progress: ExportProgress) => void;
    let finish!: (name: string) => void;
    renderButton({
      withProgress: true,
      run: (onProgress) => {
        report = onProgress;
        return new Promise<string>((resolve) => (finish = resolve)).then((name) => `Đã tải ${name}`);
      },
    });
    fireEvent.click(screen.getByTestId('order-export'));
    expect(screen.getByTestId('export-progress').textContent).toBe('Đã nhận 0 KB');
    act(() => report({ received: 512 * 1024, total: 2 * 1024 * 1024 }));
    expect(screen.getByTestId('export-progress').textContent).toBe('Đã nhận 512 KB / 2,0 MB');
    await act(async () => finish('san-pham.xlsx'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã tải san-pham.xlsx'));
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it('says why an export failed', async () => {
    const error = vi.spyOn(toast, 'error');
    renderButton({ run: async () => Promise.reject(new Error('403')) });
    fireEvent.click(screen.getByTestId('order-export'));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Xuất Excel thất bại'));
  });
});
