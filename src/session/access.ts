/**
 * What the signed-in member may do in the current workspace, as the server computed it
 * (`role/api/my-access/`). Kept in local storage per company next to the feature flags, so menus
 * and buttons are right offline too; a logout clears local storage and with it this.
 *
 * The server checks every call; this only decides what to show. When the access of a workspace is
 * not known yet (a session from before roles existed, or the first load failed offline) everything
 * shows and the server answers a refusal: hiding the whole app from an owner until a call succeeds
 * would be worse than a rare refused click.
 */
import { useSyncExternalStore } from 'react';
import { can, type MemberAccess, type PermissionAction, type PermissionArea } from '@contract/roles';
import { readSession, subscribeSession } from './session-store';

const ACCESS_PREFIX = 'memberAccess_';
const listeners = new Set<() => void>();

export function getMemberAccess(companyId: number): MemberAccess | null {
  try {
    const raw = localStorage.getItem(`${ACCESS_PREFIX}${companyId}`);
    return raw ? (JSON.parse(raw) as MemberAccess) : null;
  } catch {
    return null;
  }
}

export function setMemberAccess(companyId: number, access: MemberAccess): void {
  // The same text read back keeps the same object (currentAccess), so an unchanged answer renders nothing.
  localStorage.setItem(`${ACCESS_PREFIX}${companyId}`, JSON.stringify(access));
  for (const listener of listeners) listener();
}

let cache: { companyId: number | null; raw: string | null; access: MemberAccess | null } | null = null;

function currentAccess(): MemberAccess | null {
  // The session's snapshot, not the cookie: every button asking `useCan` would parse document.cookie again.
  const companyId = readSession().company?.id ?? null;
  const raw = companyId === null ? null : localStorage.getItem(`${ACCESS_PREFIX}${companyId}`);
  if (cache && cache.companyId === companyId && cache.raw === raw) return cache.access;
  cache = { companyId, raw, access: companyId === null ? null : getMemberAccess(companyId) };
  return cache.access;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const stopSession = subscribeSession(listener);
  return () => {
    listeners.delete(listener);
    stopSession();
  };
}

/** The current workspace's access, or null while unknown. */
export function useMemberAccess(): MemberAccess | null {
  return useSyncExternalStore(subscribe, currentAccess, currentAccess);
}

/** Whether an access allows an action; unknown access allows (see the note at the top). */
export function allows(access: MemberAccess | null, area: PermissionArea, action: PermissionAction): boolean {
  return access === null || can(access, area, action);
}

export function useCan(area: PermissionArea, action: PermissionAction): boolean {
  return allows(useMemberAccess(), area, action);
}
