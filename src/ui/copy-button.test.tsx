import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';
import { ToastHost } from './toast-host';

afterEach(() => {
  act(() => notifications.clean());
  vi.restoreAllMocks();
});

describe('CopyButton', () => {
  it('copies the value and says “Bạn đã copy thành công.”', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <MantineProvider env="test">
        <ToastHost />
        <CopyButton value="DV000123" label="Sao chép mã đơn DV000123" />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Sao chép mã đơn DV000123' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('DV000123'));
    await screen.findByText('Bạn đã copy thành công.');
  });
});
