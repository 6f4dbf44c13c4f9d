/**
 * Whether and how the app can be installed here (docs/offline-sync.md "Platform limits"):
 * - Chromium fires `beforeinstallprompt` (often before React has rendered anything), so
 *   `captureInstallPrompt()` is called from main.tsx before the first render and keeps the event
 *   for the "Cài đặt ứng dụng" button;
 * - iOS has no such event: installing is Share → Add to Home Screen, which the app explains;
 * - nothing is offered once the app runs installed (display-mode standalone, navigator.standalone).
 */
import { useSyncExternalStore } from 'react';

/** Chromium's event (not in TypeScript's DOM library). */
type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
};

/**
 * installed: running as the installed app (or just installed); prompt: the browser offers an
 * install prompt; ios: iOS, where the person installs by hand; unavailable: none of these.
 */
export type InstallState = 'installed' | 'prompt' | 'ios' | 'unavailable';

const STANDALONE_QUERY = '(display-mode: standalone)';

let deferred: BeforeInstallPromptEvent | null = null;
let justInstalled = false;
let captured = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Listens for the install events. Call once, as early as possible (main.tsx, before render). */
export function captureInstallPrompt(): void {
  if (captured || typeof window === 'undefined') return;
  captured = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app offers its button instead.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    justInstalled = true;
    notify();
  });
  window.matchMedia?.(STANDALONE_QUERY).addEventListener?.('change', notify);
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || Boolean(window.matchMedia?.(STANDALONE_QUERY).matches);
}

/** iPhone, iPod, and iPad (whose Safari says "Macintosh" but has a touch screen). */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  return /iPad|iPhone|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

export function getInstallState(): InstallState {
  if (justInstalled || isStandalone()) return 'installed';
  if (deferred) return 'prompt';
  if (isIos()) return 'ios';
  return 'unavailable';
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribeInstallState, getInstallState, () => 'unavailable');
}

/**
 * Shows the browser's install dialog (once per captured event, as the browser allows).
 * Resolves with the person's choice, or 'unavailable' when there is nothing to show.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const choice = await event.userChoice;
  return choice.outcome;
}
