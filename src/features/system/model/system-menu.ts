/** The system administrator's menu (docs/system.md): their own area, shown when the signed-in account is SYSTEM. */
export type SystemLink = { key: string; label: string; to: string };

export const SYSTEM_MENU: readonly SystemLink[] = [
  { key: 'overview', label: 'Tổng quan', to: '/system' },
  { key: 'accounts', label: 'Tài khoản', to: '/system/accounts' },
  { key: 'account-types', label: 'Loại tài khoản', to: '/system/account-types' },
  { key: 'orders', label: 'Đơn gói dịch vụ', to: '/system/orders' },
  { key: 'packages', label: 'Gói dịch vụ', to: '/system/packages' },
  { key: 'shops', label: 'Cửa hàng', to: '/system/shops' },
  { key: 'sales-history', label: 'Doanh số lịch sử', to: '/system/sales-history' },
];

/** The entry a path belongs to: the longest link it starts with. */
export function activeSystemLink(pathname: string): SystemLink | null {
  return (
    [...SYSTEM_MENU].sort((a, b) => b.to.length - a.to.length).find((link) => pathname === link.to || pathname.startsWith(`${link.to}/`)) ??
    null
  );
}
