/**
 * The permission each page needs, by path: one table for the menu (which hides what a
 * member may not use) and the layout (which refuses a page reached by its address). The longest
 * matching path wins, so /order/create asks more than /order. Pages not listed (account, sync
 * diagnostics, the cart of a rep's own order) need only membership.
 */
import type { PermissionAction, PermissionArea } from '@contract/roles';

type Need = readonly [PermissionArea, PermissionAction];

const PAGE_PERMISSIONS: Record<string, Need> = {
  '/dashboard': ['dashboard', 'view'],
  '/order': ['orders', 'view'],
  '/order/create': ['orders', 'create'],
  '/cart': ['orders', 'create'],
  '/order-groups': ['order_groups', 'view'],
  '/order-types': ['settings', 'view'],
  '/service-package': ['settings', 'view'],
  '/transport': ['orders', 'view'],
  '/product': ['products', 'view'],
  '/product/create': ['products', 'create'],
  '/warehouse': ['warehouse', 'view'],
  '/inventory': ['warehouse', 'view'],
  '/inventory/count': ['warehouse', 'create'],
  // Recall campaigns read the warehouse's lots; opening, returns and closing ask approve on the server.
  '/recall': ['warehouse', 'view'],
  '/customers': ['customers', 'view'],
  '/customers/create': ['customers', 'create'],
  '/customers/settings': ['settings', 'edit'],
  '/customers/licences': ['customers', 'view'],
  '/pharma-rules': ['settings', 'view'],
  // Customer groups decide prices: changing one is company configuration.
  '/customers/type/edit': ['settings', 'edit'],
  '/visits': ['visits', 'view'],
  '/visits/plans': ['visits', 'view'],
  '/attendance': ['visits', 'view'],
  '/pharmacist': ['employees', 'view'],
  '/employees': ['employees', 'view'],
  '/promotion': ['promotions', 'view'],
  '/promotion/create': ['promotions', 'create'],
  '/receivables': ['receivables', 'view'],
  '/reports': ['reports', 'view'],
  // Turning reports on is the owner's (functiononoff/); the page says so to anyone else.
  '/reports/settings': ['settings', 'view'],
  '/area': ['regions', 'view'],
  '/kpi-area': ['kpi', 'view'],
  '/role': ['roles', 'view'],
  '/price-policy': ['price_policy', 'view'],
  '/connect-dlo': ['settings', 'view'],
  '/zalo-oa': ['messaging', 'view'],
  '/invoices': ['invoices', 'view'],
  '/invoices/settings': ['invoices', 'edit'],
  '/accounting': ['invoices', 'view'],
  // Printed documents: a payment's receipt (phiếu thu) and a warehouse receipt (01-VT, 02-VT…).
  '/payment/print': ['receivables', 'view'],
  '/receipt/print': ['warehouse', 'view'],
};

/** Form pages that edit an existing record when their search names it (/product/create?id=…). */
const EDIT_WITH_ID: Record<string, Need> = {
  '/product/create': ['products', 'edit'],
  '/customers/create': ['customers', 'edit'],
  '/promotion/create': ['promotions', 'edit'],
};

/** What a page at `path` needs (its search matters to the form pages above), or null for membership. */
export function pagePermission(path: string, search?: Record<string, unknown>): Need | null {
  const editing = search?.id !== undefined && search.id !== null && search.id !== '';
  const edit = EDIT_WITH_ID[path.length > 1 ? path.replace(/\/+$/, '') : path];
  if (editing && edit) return edit;
  let best: string | null = null;
  for (const prefix of Object.keys(PAGE_PERMISSIONS)) {
    const matches = path === prefix || path.startsWith(`${prefix}/`);
    if (matches && (best === null || prefix.length > best.length)) best = prefix;
  }
  return best === null ? null : PAGE_PERMISSIONS[best]!;
}
