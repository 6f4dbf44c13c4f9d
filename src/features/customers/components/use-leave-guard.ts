/**
 * Guarding a form with unsaved changes: while it is dirty the URL carries `type=confirm` (so the
 * mobile header's back arrow asks first, spec §2), in-app navigation to another page asks the same
 * question through the router's blocker, and closing or reloading the tab gets the browser's own
 * prompt. After a successful save, `release()` lets the page navigate away without asking.
 */
import { useBlocker, useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openConfirm } from '../../../ui/confirm-dialog';

export function useLeaveGuard(dirty: boolean, message: string): { release: () => void } {
  const navigate = useNavigate();
  const { pathname, search } = useLocation({
    select: (location) => ({ pathname: location.pathname, search: location.search as Record<string, unknown> }),
  });
  // The page this guard protects; once the person has left it, its URL is none of our business.
  const [home] = useState(pathname);
  const released = useRef(false);
  const marked = search.type === 'confirm';

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
    enableBeforeUnload: () => dirty && !released.current,
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
