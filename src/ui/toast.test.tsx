import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DEFAULTS, toast, useClearToastsWhenShown } from './toast';
import { ToastHost } from './toast-host';

function renderHost() {
  render(
    <MantineProvider env="test">
      <ToastHost />
    </MantineProvider>,
  );
}

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    // The notifications store is global; start each test with none.
    act(() => notifications.clean());
    vi.useRealTimers();
  });

  it('shows a warning with its message and title', () => {
    renderHost();
    act(() => {
      toast.warning('Vui lòng chờ đến khi được xác nhận để tiếp tục !!!', 'Chú ý');
    });
    expect(screen.getByText('Vui lòng chờ đến khi được xác nhận để tiếp tục !!!')).toBeTruthy();
    expect(screen.getByText('Chú ý')).toBeTruthy();
    expect(screen.getByRole('alert').getAttribute('data-toast-type')).toBe('warning');
  });

  it('announces success and info politely, errors and warnings at once', () => {
    renderHost();
    act(() => {
      toast.success('Đổi mật khẩu thành công !!!');
      toast.info('Bạn đã copy thành công.');
      toast.error('Đổi mật khẩu thất bại. Vui lòng thử lại sau !!!');
    });
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toEqual([
      'Đổi mật khẩu thành công !!!',
      'Bạn đã copy thành công.',
    ]);
    expect(screen.getByRole('alert').textContent).toBe('Đổi mật khẩu thất bại. Vui lòng thử lại sau !!!');
  });

  it('closes by itself after 5000 ms and fades out over 400 ms', () => {
    renderHost();
    act(() => {
      toast.info('Bạn đã copy thành công.');
    });
    act(() => vi.advanceTimersByTime(TOAST_DEFAULTS.autoClose - 100));
    expect(screen.queryByText('Bạn đã copy thành công.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    // Hidden now; the exit transition keeps it on screen a little longer.
    act(() => vi.advanceTimersByTime(TOAST_DEFAULTS.transitionDuration - 50));
    expect(screen.queryByText('Bạn đã copy thành công.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(50));
    expect(screen.queryByText('Bạn đã copy thành công.')).toBeNull();
  });

  it('can be closed by the user', () => {
    renderHost();
    act(() => {
      toast.success('Đổi mật khẩu thành công !!!');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    act(() => vi.advanceTimersByTime(TOAST_DEFAULTS.transitionDuration));
    expect(screen.queryByText('Đổi mật khẩu thành công !!!')).toBeNull();
  });

  describe('a lasting message appearing in place', () => {
    function Panel({ shown }: { shown: boolean | undefined }) {
      useClearToastsWhenShown(shown);
      return shown ? <h2>Đơn hàng bị từ chối</h2> : null;
    }
    function renderPanel(shown: boolean | undefined) {
      const view = render(
        <MantineProvider env="test">
          <ToastHost />
          <Panel shown={shown} />
        </MantineProvider>,
      );
      return (next: boolean | undefined) =>
        view.rerender(
          <MantineProvider env="test">
            <ToastHost />
            <Panel shown={next} />
          </MantineProvider>,
        );
    }
    const settle = () => act(() => vi.advanceTimersByTime(TOAST_DEFAULTS.transitionDuration));

    it('clears the toasts on screen when it appears', () => {
      const show = renderPanel(false);
      act(() => {
        toast.success('Đã lưu đơn hàng, đang chờ đồng bộ');
      });
      expect(screen.queryByText('Đã lưu đơn hàng, đang chờ đồng bộ')).not.toBeNull();
      show(true);
      settle();
      expect(screen.queryByText('Đã lưu đơn hàng, đang chờ đồng bộ')).toBeNull();
      expect(screen.getByText('Đơn hàng bị từ chối')).toBeTruthy();
    });

    it('keeps them when the screen opens with the message already there', () => {
      const show = renderPanel(undefined);
      act(() => {
        toast.success('Đã bỏ đơn DH-0001');
      });
      show(true);
      settle();
      expect(screen.queryByText('Đã bỏ đơn DH-0001')).not.toBeNull();
    });

    it('keeps the toasts raised after it appeared', () => {
      const show = renderPanel(false);
      show(true);
      act(() => {
        toast.error('Không mở lại được đơn hàng. Vui lòng thử lại.');
      });
      show(true);
      settle();
      expect(screen.queryByText('Không mở lại được đơn hàng. Vui lòng thử lại.')).not.toBeNull();
    });
  });
});
