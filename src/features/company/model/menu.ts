/**
 * Which menu entries a workspace shows (product product-spec.md §2 "Desktop header menu", §6 switches), and
 * of those only what the member's role lets them use.
 * Pure: the company's switches and type and the member's access in, the menu out; the header and the
 * mobile shortcut grid both render from it.
 */
import { salesStaffLabel } from '@contract/company';
import type { FeatureFlags, ReportConfigKey } from '@contract/company-switches';
import type { MemberAccess } from '@contract/roles';
import { pagePermission } from '@/session/page-permissions';
import { allows } from '@/session/access';

export type MenuLink = { key: string; label: string; to: string };
export type MenuEntry = MenuLink | { key: string; label: string; children: MenuLink[] };

/** `access` null or absent: not known yet, so nothing is hidden for it (src/session/access.ts). */
export type MenuInput = { flags: FeatureFlags; companyType: string | null | undefined; access?: MemberAccess | null };

const REPORTS: { key: ReportConfigKey; label: string; to: string }[] = [
  { key: 'REPORT-PRODUCT', label: 'Báo cáo sản phẩm', to: '/reports/products' },
  { key: 'REPORT-STAFF', label: 'Báo cáo nhân viên', to: '/reports/employee' },
  { key: 'REPORT-ORDER-REVENUA', label: 'Báo cáo đơn hàng', to: '/reports/orders' },
  { key: 'REPORT-REGION', label: 'Báo cáo khu vực', to: '/reports/region' },
  { key: 'REPORT-CUSTOMER', label: 'Báo cáo khách hàng', to: '/reports/customer' },
  { key: 'REPORT-PROMOTION', label: 'Báo cáo khuyến mại', to: '/reports/promotions' },
];

export function buildMenu({ flags, companyType, access = null }: MenuInput): MenuEntry[] {
  const on = (code: keyof FeatureFlags) => flags[code] === true;
  const menu: MenuEntry[] = [{ key: 'dashboard', label: 'Tổng quan', to: '/dashboard' }];
  // Licences, the rules of selling medicines and recalls are a pharmaceutical company's duties: other trades do not see them.
  const sellsDrugs = companyType === 'Dược phẩm';

  // Orders is a dropdown only when delivery or group orders are on, or the VAT service (docs/invoices.md)
  // gives the member its e-invoices and accounting sync, which belong with the orders they bill;
  // otherwise a plain link. A header with one more top entry no longer fits 1440 px.
  const invoices = on('VAT') && allows(access, 'invoices', 'view');
  if (on('DLO') || on('GROUP-ORDER') || invoices) {
    menu.push({
      key: 'orders',
      label: 'Đơn hàng',
      children: [
        { key: 'order', label: 'Đơn hàng bán lẻ', to: '/order' },
        ...(on('GROUP-ORDER') ? [{ key: 'order-groups', label: 'Đơn hàng gộp', to: '/order-groups' }] : []),
        ...(on('DLO') ? [{ key: 'transport', label: 'Đơn vận chuyển', to: '/transport' }] : []),
        ...(invoices
          ? [
              { key: 'einvoices', label: 'Hóa đơn điện tử', to: '/invoices' },
              { key: 'accounting', label: 'Đồng bộ kế toán MISA', to: '/accounting' },
            ]
          : []),
      ],
    });
  } else {
    menu.push({ key: 'order', label: 'Đơn hàng', to: '/order' });
  }

  menu.push({
    key: 'products',
    label: 'Sản phẩm',
    children: [
      { key: 'product', label: 'Sản phẩm', to: '/product' },
      { key: 'product-variant', label: 'Biến thể sản phẩm', to: '/product/variant' },
    ],
  });

  // Recall campaigns (docs/pharma.md "Recall campaigns") work on lots, which exist with or without the WAREHOUSE
  // service.
  const recall: MenuLink[] = sellsDrugs ? [{ key: 'recall', label: 'Thu hồi thuốc', to: '/recall' }] : [];
  menu.push({
    key: 'warehouse',
    label: 'Kho',
    children: on('WAREHOUSE')
      ? [
          { key: 'warehouse-management', label: 'Quản lý kho', to: '/warehouse' },
          // The keeper's count on the phone, offline too (the hub above needs the server).
          { key: 'inventory-count', label: 'Đếm kho', to: '/inventory/count' },
          ...recall,
        ]
      : [
          { key: 'inventory-import', label: 'Phiếu nhập kho', to: '/inventory/warehouse' },
          { key: 'inventory-export', label: 'Phiếu xuất kho', to: '/inventory/delivery' },
          { key: 'inventory', label: 'Tồn kho', to: '/inventory' },
          ...recall,
        ],
  });

  menu.push({
    key: 'customers',
    label: 'Khách hàng',
    children: [
      { key: 'customer-list', label: 'Danh sách khách hàng', to: '/customers' },
      { key: 'customer-types', label: 'Nhóm khách hàng', to: '/customers/type' },
      { key: 'customer-settings', label: 'Cấu hình cấp độ', to: '/customers/settings' },
      ...(sellsDrugs ? [{ key: 'customer-licences', label: 'Giấy phép dược', to: '/customers/licences' }] : []),
      { key: 'visits', label: 'Ghé thăm khách hàng', to: '/visits' },
      { key: 'route-plans', label: 'Tuyến ghé thăm', to: '/visits/plans' },
      { key: 'visit-photos', label: 'Ảnh ghé thăm', to: '/visits/photos' },
      { key: 'attendance', label: 'Chấm công', to: '/attendance' },
    ],
  });

  menu.push({
    key: 'employees',
    label: 'Nhân viên',
    children: [
      { key: 'pharmacist', label: salesStaffLabel(companyType), to: '/pharmacist' },
      { key: 'office-staff', label: 'Nhân viên văn phòng', to: '/employees' },
    ],
  });

  // Promotions are a service of their own (REWARD): off, the entry goes and the server refuses the calls.
  if (on('REWARD')) menu.push({ key: 'promotion', label: 'Khuyến mại', to: '/promotion' });
  // Receivables and payments likewise (RECEIVABLE).
  if (on('RECEIVABLE')) menu.push({ key: 'receivables', label: 'Công nợ', to: '/receivables' });

  // Reports show only when some report is configured, each entry only when its report is on.
  const reports = REPORTS.filter((report) => on(report.key));
  if (reports.length > 0) {
    menu.push({ key: 'reports', label: 'Báo cáo', children: reports.map(({ key, label, to }) => ({ key, label, to })) });
  }

  menu.push({
    key: 'config',
    label: 'Cấu hình',
    children: [
      { key: 'area', label: 'Khu vực', to: '/area' },
      { key: 'kpi-area', label: 'KPI khu vực', to: '/kpi-area' },
      { key: 'role', label: 'Phân quyền', to: '/role' },
      { key: 'order-types', label: 'Loại đơn hàng', to: '/order-types' },
      ...(sellsDrugs ? [{ key: 'pharma-rules', label: 'Quy tắc bán thuốc', to: '/pharma-rules' }] : []),
      { key: 'service-package', label: 'Gói dịch vụ', to: '/service-package' },
      ...(on('CSG') ? [{ key: 'price-policy', label: 'Chính sách giá', to: '/price-policy' }] : []),
      ...(on('DLO') ? [{ key: 'connect-dlo', label: 'Kết nối giao vận', to: '/connect-dlo' }] : []),
      ...(on('ZALO') ? [{ key: 'zalo-oa', label: 'Zalo OA', to: '/zalo-oa' }] : []),
      ...(on('VAT') ? [{ key: 'invoice-settings', label: 'Kết nối hóa đơn điện tử', to: '/invoices/settings' }] : []),
      // Where the company's owner turns reports on, whatever reports are on; unknown access hides nothing.
      ...(access === null || access.isAdmin ? [{ key: 'report-settings', label: 'Cấu hình báo cáo', to: '/reports/settings' }] : []),
    ],
  });

  return permitted(menu, access);
}

function linkAllowed(link: MenuLink, access: MemberAccess | null): boolean {
  const need = pagePermission(link.to);
  return need === null || allows(access, ...need);
}

/** Drops the links the member may not use, and dropdowns left empty. */
function permitted(menu: MenuEntry[], access: MemberAccess | null): MenuEntry[] {
  return menu.flatMap((entry): MenuEntry[] => {
    if (!('children' in entry)) return linkAllowed(entry, access) ? [entry] : [];
    const children = entry.children.filter((child) => linkAllowed(child, access));
    return children.length ? [{ ...entry, children }] : [];
  });
}

/** The bottom navbar's tabs the member may use. */
export function bottomNav(access: MemberAccess | null): MenuLink[] {
  return BOTTOM_NAV.filter((link) => linkAllowed(link, access));
}

/** Every link of the menu, flattened (the mobile shortcut grid, route checks). */
export function menuLinks(menu: MenuEntry[]): MenuLink[] {
  return menu.flatMap((entry) => ('children' in entry ? entry.children : [entry]));
}

/** The mobile bottom navbar (product-spec.md §2 "Mobile"): fixed whatever the switches. */
export const BOTTOM_NAV: MenuLink[] = [
  { key: 'home', label: 'Trang chủ', to: '/dashboard' },
  { key: 'customers', label: 'Khách hàng', to: '/customers' },
  { key: 'sales', label: 'Bán hàng', to: '/order' },
  { key: 'employees', label: 'Nhân viên', to: '/employees' },
  { key: 'me', label: 'Cá nhân', to: '/my-account' },
];
