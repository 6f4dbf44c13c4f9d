/**
 * The app's dialog: Mantine's Modal, filling the screen on a phone (the mobile layout's width,
 * src/ui/use-is-mobile.ts) unless `phoneFullScreen` is false (a short question), with its close
 * button named "Đóng" for screen readers and the tests that close it by name, and giving the focus
 * back to what opened it however it closes (WCAG 2.4.3). Every other Modal prop passes through.
 */
import { useEffect, useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';
import { useIsMobile } from './use-is-mobile';

export type ResponsiveModalProps = Omit<ModalProps, 'fullScreen'> & { phoneFullScreen?: boolean };

/**
 * Mantine returns the focus when `opened` turns false; most dialogs here are mounted only while
 * open and simply removed, which leaves the focus on the page's body. The element focused when the
 * dialog first rendered (the button that opened it) takes it back once the dialog is gone.
 */
function useFocusBackOnRemoval(): void {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(
    () => () => {
      // The dialog's nodes leave the page after this cleanup: look once they have.
      setTimeout(() => {
        const lost = document.activeElement === null || document.activeElement === document.body;
        if (lost && opener && opener !== document.body && opener.isConnected) opener.focus();
      }, 0);
    },
    [opener],
  );
}

export function ResponsiveModal({ closeButtonProps, phoneFullScreen = true, ...props }: ResponsiveModalProps) {
  const isMobile = useIsMobile();
  useFocusBackOnRemoval();
  return <Modal fullScreen={phoneFullScreen && isMobile} closeButtonProps={{ 'aria-label': 'Đóng', ...closeButtonProps }} {...props} />;
}
