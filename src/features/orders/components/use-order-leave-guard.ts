/**
 * Leaving a half-made order (spec §2, §8): while the cart is dirty the URL carries `type=confirm`
 * (the mobile header's back arrow asks first) and in-app navigation asks the same question through
 * the router's blocker. Unlike a form, closing or reloading the tab is not guarded: the order is
 * the cart saved on the device, and it is all there again after the reload or the app restart.
 * After the order is sent, `release()` lets the page move on without asking.
 */
import { useBlocker, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openConfirm } from '../../../ui/confirm-dialog';

export function useOrderLeaveGuard(dirty: boolean, message: string): { release: () => void } {
  const navigate = useNavigate();
  const { pathname, marked } = useLocation({
    select: (location) => ({ pathname: location.pathname, marked: (location.search as Record<string, unknown>).type === 'confirm' }),
  });
  // The page this guard protects; once the rep has left it, its URL is none of our business.
  const [home] = useState(pathname);
  const released = useRef(false);

  useEffect(() => {
    const want = dirty && !released.current;
    if (pathname !== home || want === marked) return;
    void navigate({
      to: '.',
      search: ((previous: Record<string, unknown>) => ({ ...previous, type: want ? 'confirm' : undefined })) as never,
      replace: true,
      ignoreBlocker: true,
    });
  }, [dirty, marked, navigate, pathname, home]);

  useBlocker({
    disabled: !dirty,
    enableBeforeUnload: false,
    shouldBlockFn: async ({ current, next }) => {
      if (released.current || current.pathname === next.pathname) return false;
      const leave = await openConfirm({ message, icon: 'warning' });
      if (leave) released.current = true;
      return !leave;
    },
  });

  const release = useCallback(() => {
    released.current = true;
  }, []);
  return { release };
}
