/**
 * The confirm dialogs' host (src/ui/dialogs-host.tsx) for the signed-in layouts, loaded after their
 * first paint: the login page never downloads dialog code, and a cold start does not wait for it.
 */
import { afterFirstPaint } from '@/ui/after-first-paint';

export const DialogsHost = afterFirstPaint(() => import('@/ui/dialogs-host'));
