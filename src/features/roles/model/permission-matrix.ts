/**
 * Editing a role's permission matrix (areas × actions) the way the server stores it: any action on
 * an area includes seeing it, so ticking "Sửa" ticks "Xem" too and unticking "Xem" clears the row.
 */
import {
  OFF_ROUTE,
  PERMISSION_ACTIONS,
  PERMISSION_AREAS,
  type PermissionAction,
  type PermissionArea,
  type Permissions,
} from '@contract/roles';

export function has(permissions: Permissions, area: PermissionArea, action: PermissionAction): boolean {
  return permissions[area]?.includes(action) ?? false;
}

function withRow(permissions: Permissions, area: PermissionArea, actions: PermissionAction[]): Permissions {
  const next = { ...permissions };
  const ordered = PERMISSION_ACTIONS.filter((action) => actions.includes(action));
  if (ordered.length) next[area] = ordered;
  else delete next[area];
  return next;
}

export function toggle(permissions: Permissions, area: PermissionArea, action: PermissionAction): Permissions {
  const current = permissions[area] ?? [];
  if (current.includes(action)) return withRow(permissions, area, action === 'view' ? [] : current.filter((a) => a !== action));
  return withRow(permissions, area, [...current, action, 'view']);
}

/** The whole row on, or off when it is already all on. */
export function toggleRow(permissions: Permissions, area: PermissionArea): Permissions {
  const full = PERMISSION_ACTIONS.every((action) => has(permissions, area, action));
  return withRow(permissions, area, full ? [] : [...PERMISSION_ACTIONS]);
}

/** How many of the matrix's cells are on, for the list ("12/90 quyền"). */
export function grantedCount(permissions: Permissions): number {
  return PERMISSION_AREAS.reduce((sum, area) => sum + (permissions[area]?.length ?? 0), 0);
}

export const MATRIX_SIZE = PERMISSION_AREAS.length * PERMISSION_ACTIONS.length;

/** Whether the role may sell to and visit customers outside its data scope (contract/roles.ts OFF_ROUTE). */
export function allowsOffRoute(permissions: Permissions): boolean {
  return has(permissions, OFF_ROUTE[0], OFF_ROUTE[1]);
}

export function withOffRoute(permissions: Permissions, allowed: boolean): Permissions {
  const next = { ...permissions };
  if (allowed) next[OFF_ROUTE[0]] = ['view', OFF_ROUTE[1]];
  else delete next[OFF_ROUTE[0]];
  return next;
}
