/**
 * The update prompt (docs/offline-sync.md "Service worker updates"): mounted once for the whole app; renders nothing until a new version
 * waits, and then loads its card (a separate chunk, off the first screen's critical path).
 */
import { lazy, Suspense } from 'react';
import { usePwaStatus } from './register-sw';

const UpdatePromptCard = lazy(() => import('./update-prompt-card').then((module) => ({ default: module.UpdatePromptCard })));

export function UpdatePrompt() {
  const { updateReady } = usePwaStatus();
  if (!updateReady) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePromptCard />
    </Suspense>
  );
}
