import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveModal } from './responsive-modal';
import { MOBILE_QUERY } from './use-is-mobile';

const originalMatchMedia = window.matchMedia;

// The window's width as useIsMobile reads it: only the mobile query can match.
function setWidth(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: query === MOBILE_QUERY && width < 768,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

function renderModal(onClose = vi.fn()) {
  render(
    <MantineProvider env="test">
      <ResponsiveModal opened onClose={onClose} title="Tạo đơn vận chuyển" size="xl" data-testid="book-dialog">
        <p>Chọn hãng vận chuyển</p>
      </ResponsiveModal>
    </MantineProvider>,
  );
  return onClose;
}

// Mantine marks a full-screen modal on its root element (data-full-screen on .mantine-Modal-root).
const fullScreen = () => document.querySelector('.mantine-Modal-root')?.hasAttribute('data-full-screen');

describe('ResponsiveModal', () => {
  it('fills the screen on a phone', () => {
    setWidth(375);
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Tạo đơn vận chuyển' })).toBeTruthy();
    expect(fullScreen()).toBe(true);
  });

  it('is a centred dialog on a wide screen', () => {
    setWidth(1280);
    renderModal();
    expect(screen.getByText('Chọn hãng vận chuyển')).toBeTruthy();
    expect(fullScreen()).toBe(false);
  });

  it('closes with its button named "Đóng"', () => {
    setWidth(375);
    const onClose = renderModal();
    fireEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('passes the other props through', () => {
    setWidth(1280);
    renderModal();
    expect(screen.getByTestId('book-dialog')).toBeTruthy();
  });

  it('gives the focus back to the button that opened it when it is removed, and can stay a dialog on a phone', async () => {
    setWidth(375);
    // The way most screens use it: mounted while open, removed on close (Mantine only returns the
    // focus when `opened` turns false).
    function Screen() {
      const [open, setOpen] = useState(false);
      return (
        <MantineProvider env="test">
          <button onClick={() => setOpen(true)}>Thêm vai trò</button>
          {open && (
            <ResponsiveModal opened onClose={() => setOpen(false)} title="Thêm vai trò" phoneFullScreen={false}>
              <input aria-label="Tên vai trò" data-autofocus />
            </ResponsiveModal>
          )}
        </MantineProvider>
      );
    }
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Thêm vai trò' });
    opener.focus();
    fireEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Tên vai trò' })));
    expect(fullScreen()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
