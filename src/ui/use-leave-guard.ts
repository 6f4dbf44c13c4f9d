/**
 * Guarding a page with unsaved work: while it is dirty the URL carries `type=confirm` (so the
 * mobile header's back arrow asks first, product-spec.md §2, §8), in-app navigation to another page asks the
 * same question through the router's blocker, and closing or reloading the tab gets the browser's
 * own prompt — unless `beforeUnload: false`, for work that is already saved on the device (the
 * cart: it is all there again after a reload). After a successful save or send, `release()` lets
 * the page navigate away without asking.
 */
import { useBlocker, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openConfirm } from './confirm-dialog';

export function useLeaveGuard(dirty: boolean, message: string, options: { beforeUnload?: boolean } = {}): { release: () => void } {
  const beforeUnload = options.beforeUnload ?? true;
  const navigate = useNavigate();
  const { pathname, marked } = useLocation({
    select: (location) => ({ pathname: location.pathname, marked: (location.search as Record<string, unknown>).type === 'confirm' }),
  });
  // The page this guard protects; once the person has left it, its URL is none of our business.
  const [home] = useState(pathname);
  const released = useRef(false);
  // Only the marker this guard put in the URL is its to take away: a page opened with type=confirm
  // asks on the back arrow whatever its state (product-spec.md §2).
  const addedMark = useRef(false);

  useEffect(() => {
    const want = dirty && !released.current;
    if (pathname !== home || want === marked) return;
    if (!want && !addedMark.current) return;
    addedMark.current = want;
    void navigate({
      to: '.',
      search: ((previous: Record<string, unknown>) => ({ ...previous, type: want ? 'confirm' : undefined })) as never,
      replace: true,
      ignoreBlocker: true,
    });
  }, [dirty, marked, navigate, pathname, home]);

  useBlocker({
    disabled: !dirty,
    enableBeforeUnload: () => beforeUnload && dirty && !released.current,
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
