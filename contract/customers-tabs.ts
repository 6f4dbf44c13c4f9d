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
