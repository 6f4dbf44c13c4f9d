/** Everything the whole app renders inside: theme and toasts (the server cache is in src/app/query-layer.tsx). */
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { UpdatePrompt } from './pwa/update-prompt';
import { cssVariablesResolver, theme } from './theme';

// The toast UI is downloaded when the first toast is raised, not with the first screen; the toast
// waits in the store meanwhile.
// If the chunk cannot be fetched (offline before the service worker cached it), show no toasts
// rather than breaking the page.
const ToastHost = lazy((): Promise<{ default: ComponentType }> =>
  import('@/ui/toast-host').then(
    (module) => ({ default: module.ToastHost }),
    () => ({ default: () => null }),
  ),
);

function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <LazyToasts />
      <UpdatePrompt />
      {children}
    </MantineProvider>
  );
}
