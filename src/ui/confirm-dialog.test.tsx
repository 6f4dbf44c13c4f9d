import { MantineProvider } from '@mantine/core';
import { modals } from '@mantine/modals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openConfirm } from './confirm-dialog';
import DialogsHost from './dialogs-host';

const MESSAGE = 'Xác nhận xóa nhóm khách hàng? Nhóm khách hàng sẽ bị xóa và khách hàng trong nhóm cũng sẽ không thuộc nhóm nào.';

function renderApp() {
  render(
    <MantineProvider env="test">
      <DialogsHost />
    </MantineProvider>,
  );
}

// openConfirm talks to the provider through events; act() lets React render the dialog.
function open(options: Parameters<typeof openConfirm>[0]): Promise<boolean> {
  let result!: Promise<boolean>;
  act(() => {
    result = openConfirm(options);
  });
  return result;
}

const dialog = () => screen.queryByRole('dialog');
const button = (name: string) => screen.getByRole('button', { name });

describe('openConfirm', () => {
  afterEach(() => {
    act(() => modals.closeAll());
  });

  it('shows the default title, the message and both buttons', () => {
    renderApp();
    void open({ message: MESSAGE });
    expect(screen.getByText('Thông báo')).toBeTruthy();
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    expect(button('Đóng lại')).toBeTruthy();
    expect(button('Xác nhận')).toBeTruthy();
  });

  it('stays open when the ok handler returns false', () => {
    renderApp();
    const onOk = vi.fn(() => false);
    void open({ message: MESSAGE, onOk });
    fireEvent.click(button('Xác nhận'));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(dialog()).not.toBeNull();
  });

  it('closes and resolves true when the ok handler returns true', async () => {
    renderApp();
    const onCancel = vi.fn();
    const answer = open({ title: 'Xoá nhóm', message: MESSAGE, onOk: () => true, onCancel });
    expect(screen.getByText('Xoá nhóm')).toBeTruthy();
    fireEvent.click(button('Xác nhận'));
    await expect(answer).resolves.toBe(true);
    expect(dialog()).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('runs the cancel handler, closes and resolves false on Đóng lại', async () => {
    renderApp();
    const onOk = vi.fn(() => true);
    const onCancel = vi.fn();
    const answer = open({ message: MESSAGE, onOk, onCancel });
    fireEvent.click(button('Đóng lại'));
    await expect(answer).resolves.toBe(false);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onOk).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
  });

  it('shows progress during an async ok handler and stays open when it fails', async () => {
    renderApp();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let finish!: (ok: boolean) => void;
    const onOk = vi
      .fn<() => Promise<boolean>>()
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockImplementationOnce(() => Promise.reject(new Error('offline')))
      .mockImplementationOnce(() => Promise.resolve(true));
    const answer = open({ message: MESSAGE, onOk });

    fireEvent.click(button('Xác nhận'));
    await waitFor(() => expect(button('Xác nhận').getAttribute('data-loading')).toBe('true'));
    expect(button('Đóng lại').hasAttribute('disabled')).toBe(true);
    // Escape must not drop the answer while the work runs.
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    expect(dialog()).not.toBeNull();
    await act(async () => finish(false));
    expect(dialog()).not.toBeNull();
    expect(button('Xác nhận').hasAttribute('data-loading')).toBe(false);

    fireEvent.click(button('Xác nhận'));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(dialog()).not.toBeNull();

    fireEvent.click(button('Xác nhận'));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(dialog()).toBeNull());
    consoleError.mockRestore();
  });

  it('treats closing with Escape as cancel', async () => {
    renderApp();
    const onCancel = vi.fn();
    const answer = open({ message: MESSAGE, onCancel });
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await expect(answer).resolves.toBe(false);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('opens a dialog asked for before the host mounted once it mounts, and resolves its answer', async () => {
    const answer = open({ message: MESSAGE });
    expect(dialog()).toBeNull();
    renderApp();
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    fireEvent.click(button('Xác nhận'));
    await expect(answer).resolves.toBe(true);
  });
});
