/**
 * Every screen of src/routes, in the lists the browser tests that look at every screen walk
 * (tests/e2e/layout-widths.test.ts, tests/e2e/accessibility.test.ts). tests/lint/app-routes.test.ts
 * fails when a route of the route tree is in none of them, so a new screen cannot go unchecked.
 *
 * MEMBER_ROUTES: the screens a member of a workspace opens without an id.
 */
export const MEMBER_ROUTES = [
  '/dashboard',
  '/order',
  '/order/create',
  '/order-groups',
  '/cart',
  '/customers',
  '/customers/create',
  '/customers/settings',
  '/customers/licences',
  '/pharma-rules',
  '/customers/type',
  '/product',
  '/product/create',
  '/product/variant',
  '/price-policy',
  '/promotion',
  '/promotion/create',
  '/warehouse',
  '/inventory',
  '/inventory/warehouse',
  '/inventory/delivery',
  '/inventory/count',
  '/recall',
  '/employees',
  '/role',
  '/area',
  '/kpi-area',
  '/order-types',
  '/service-package',
  '/visits',
  '/visits/plans',
  '/visits/photos',
  '/attendance',
  '/pharmacist',
  '/my-account',
  '/my-account/edit',
  '/diagnostics',
  '/transport',
  '/connect-dlo',
  '/zalo-oa',
  '/reports/orders',
  '/reports/products',
  '/notifications',
  '/join-requests',
  '/receivables',
  '/invoices',
  '/invoices/settings',
  '/accounting',
  '/reports/employee',
  '/reports/region',
  '/reports/customer',
  '/reports/promotions',
  '/reports/settings',
] as const;

/**
 * The screens that take an id (the labels their ids in the query), each opened with a record of the
 * demo by tests/e2e/accessibility.test.ts.
 */
export const DETAIL_ROUTES = [
  '/transport/labels',
  '/order/$id',
  '/order/print/$id',
  '/order-groups/$id',
  '/customers/$id',
  '/receivables/statement/$id',
  '/payment/print/$id',
  '/customers/type/$id',
  '/customers/type/edit/$id',
  '/promotion/$id',
  '/recall/$id',
  '/recall/print/$id',
  '/inventory/receipt/$kind/$id',
  '/inventory/receipt/$kind/create',
  '/receipt/print/$kind/$id',
  '/inventory/count/$id',
] as const;

/** A signed-in person's screens outside a workspace: the workspace chooser, a new company, no access. */
export const ACCOUNT_ROUTES = ['/', '/onboard', '/403'] as const;

/** The screens before sign-in. */
export const PUBLIC_ROUTES = ['/login', '/register', '/forgot-password'] as const;

/** The system administrator's screens. */
export const SYSTEM_ROUTES = [
  '/system',
  '/system/accounts',
  '/system/account-types',
  '/system/orders',
  '/system/packages',
  '/system/shops',
  '/system/sales-history',
] as const;

/** Screens walked by the flow that makes their record, with where. */
export const WALKED_IN_THEIR_FLOW: Record<string, string> = {
  '/invoices/$id': 'tests/e2e/invoices.test.ts (the demo has no e-invoice until one is issued)',
};
