// Spec §8/§9 toasts: success, warning, error and info; top-right, 5000 ms, removed 400 ms after,
// 250–450 px wide. A thin layer over @mantine/notifications so every screen shows them the same way.
// The store is imported here and the host component in toast-host.ts, so a page can raise toasts
// without downloading the toast UI before it is needed (the host is lazy-loaded by the app).
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX, type Icon } from '@tabler/icons-react';
import { createElement, useEffect, useRef, type ReactNode } from 'react';

export type ToastType = 'success' | 'warning' | 'error' | 'info';

export const TOAST_DEFAULTS = {
  position: 'top-right',
  autoClose: 5000,
  transitionDuration: 400,
  minWidth: 250,
  maxWidth: 450,
} as const;

export const TOAST_COLORS: Record<ToastType, string> = {
  success: 'teal',
  warning: 'yellow',
  error: 'red',
  info: 'blue',
};

// An icon as well as a colour, so the kind of message does not depend on telling colours apart.
const TOAST_ICONS: Record<ToastType, Icon> = {
  success: IconCheck,
  warning: IconAlertTriangle,
  error: IconX,
  info: IconInfoCircle,
};

function show(type: ToastType, message: ReactNode, title?: ReactNode): string {
  return notifications.show({
    message,
    title,
    color: TOAST_COLORS[type],
    icon: createElement(TOAST_ICONS[type], { size: 18 }),
    closeButtonProps: { 'aria-label': 'Đóng' },
    autoClose: TOAST_DEFAULTS.autoClose,
    position: TOAST_DEFAULTS.position,
    // Screen readers announce errors and warnings at once, the rest when idle.
    role: type === 'error' || type === 'warning' ? 'alert' : 'status',
    'data-toast-type': type,
  });
}

/** Shows a toast and returns its id (for notifications.hide/update). Needs <ToastHost /> (toast-host.ts) mounted once. */
export const toast = {
  success: (message: ReactNode, title?: ReactNode) => show('success', message, title),
  warning: (message: ReactNode, title?: ReactNode) => show('warning', message, title),
  error: (message: ReactNode, title?: ReactNode) => show('error', message, title),
  info: (message: ReactNode, title?: ReactNode) => show('info', message, title),
  hide: (id: string) => notifications.hide(id),
};

/**
 * Clears the toasts on screen when `shown` turns true on an open screen. A lasting message that
 * appears in place (the panel of an order the server just refused) is newer than the passing ones,
 * and on a phone the toasts stand over the page's first lines, where that panel's heading is
 * (docs/decisions.md). `undefined` means not known yet: a screen that opens with the message
 * already there keeps the toasts that led to it (for example "Đã bỏ đơn" on the list of orders).
 */
export function useClearToastsWhenShown(shown: boolean | undefined): void {
  const before = useRef(shown);
  useEffect(() => {
    const was = before.current;
    before.current = shown;
    if (shown === true && was === false) notifications.clean();
  }, [shown]);
}
