/**
 * Customer list tabs (product-spec.md §3 "Customer filter … tabFilter"). Kept apart from the schemas in
 * customer.ts because the route's search validation needs them on every page load.
 */
export const CUSTOMER_TABS = ['all', 'active', 'inactive', 'ungrouped'] as const;
export type CustomerTab = (typeof CUSTOMER_TABS)[number];
export const CUSTOMER_TAB_LABELS: Record<CustomerTab, string> = {
  all: 'Tất cả',
  active: 'Đang hoạt động',
  inactive: 'Ngừng hoạt động',
  ungrouped: 'Chưa phân nhóm',
};

/** How a customer's papers stand today (the detail's badges, the list's "Giấy phép" filter): kept here for the same reason. */
export const LICENCE_STATES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
export const LICENCE_STATE_LABELS: Record<LicenceState, string> = {
  valid: 'Còn hạn',
  expiring: 'Sắp hết hạn',
  expired: 'Hết hạn',
  missing: 'Chưa có',
};
