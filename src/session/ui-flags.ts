/**
 * Layout flags set by an embedded frame (product-spec.md §2 "The home layout listens for messages from an
 * embedded frame"): whether header and footer are hidden, and whether the user checked in or out.
 */
import { useSyncExternalStore } from 'react';

export type UiFlags = { chromeHidden: boolean; checkedIn: boolean; checkedOut: boolean };

let flags: UiFlags = { chromeHidden: false, checkedIn: false, checkedOut: false };
const listeners = new Set<() => void>();

export function setUiFlags(patch: Partial<UiFlags>): void {
  flags = { ...flags, ...patch };
  for (const listener of listeners) listener();
}

export function getUiFlags(): UiFlags {
  return flags;
}

export function useUiFlags(): UiFlags {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getUiFlags,
    getUiFlags,
  );
}

/**
 * Applies one message from an embedded frame. Only `type: 'POST'` messages count;
 * isCloseHeaderAndFooter sets the hidden state either way, isCheckedIn/isCheckedOut only set.
 */
export function applyFrameMessage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== 'POST') return false;
  const message = data as { isCloseHeaderAndFooter?: unknown; isCheckedIn?: unknown; isCheckedOut?: unknown };
  const patch: Partial<UiFlags> = {};
  if ('isCloseHeaderAndFooter' in message) patch.chromeHidden = Boolean(message.isCloseHeaderAndFooter);
  if (message.isCheckedIn) patch.checkedIn = true;
  if (message.isCheckedOut) patch.checkedOut = true;
  setUiFlags(patch);
  return true;
}
