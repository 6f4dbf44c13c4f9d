// The component that renders the toasts raised through `toast` (toast.ts), with the spec's
// placement, duration and widths. Plain .ts with createElement: the host is one element.
import { rem } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { TOAST_DEFAULTS } from './toast';
import classes from './toast-host.module.css';

/** Mount once inside MantineProvider. */
export function ToastHost() {
  return createElement(Notifications, {
    position: TOAST_DEFAULTS.position,
    autoClose: TOAST_DEFAULTS.autoClose,
    transitionDuration: TOAST_DEFAULTS.transitionDuration,
    // The container must be as wide as the widest toast; each toast then sizes between the limits.
    containerWidth: TOAST_DEFAULTS.maxWidth,
    classNames: { root: classes.root },
    styles: {
      notification: { minWidth: rem(TOAST_DEFAULTS.minWidth), maxWidth: rem(TOAST_DEFAULTS.maxWidth) },
    },
  });
}
