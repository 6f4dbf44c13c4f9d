/**
 * Roles and permissions (issue #7): what each member of a company may do, by area of the product
 * and action. The server checks every call against it (403 with a Vietnamese message); the client
 * hides what a member may not use, on top of the company's feature switches. A role also says whose
 * data its members see: the whole company, their region, or their own.
 */
export const PERMISSION_AREAS = [
  'dashboard',
  'orders',
  'order_groups',
  'customers',
  'visits',
  'products',
  'price_policy',
  'warehouse',
  'promotions',
  'employees',
  'regions',
  'kpi',
  'roles',
  'reports',
  'settings',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

export const PERMISSION_ACTIONS = ['view', 'create', 'edit', 'delete', 'approve', 'export'] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const AREA_LABELS: Record<PermissionArea, string> = {
  dashboard: 'Tổng quan',
  orders: 'Đơn hàng',
  order_groups: 'Đơn hàng gộp',
  customers: 'Khách hàng',
  visits: 'Ghé thăm khách hàng',
  products: 'Sản phẩm',
  price_policy: 'Chính sách giá',
  warehouse: 'Kho',
  promotions: 'Khuyến mại',
  employees: 'Nhân viên',
  regions: 'Khu vực',
  kpi: 'KPI',
  roles: 'Phân quyền',
  reports: 'Báo cáo',
  settings: 'Cấu hình công ty',
};

export const ACTION_LABELS: Record<PermissionAction, string> = {
  view: 'Xem',
  create: 'Thêm',
  edit: 'Sửa',
  delete: 'Xóa',
  approve: 'Duyệt',
  export: 'Xuất Excel',
};

export const DATA_SCOPES = ['company', 'region', 'own'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const DATA_SCOPE_LABELS: Record<DataScope, string> = {
  company: 'Toàn công ty',
  region: 'Khu vực phụ trách',
  own: 'Của riêng mình',
};

export type Permissions = Partial<Record<PermissionArea, PermissionAction[]>>;

/** What a member may do in a company, as the server computed it for them. */
export type MemberAccess = { roleId: number | null; roleName: string; scope: DataScope; permissions: Permissions; isAdmin: boolean };

export function can(access: Pick<MemberAccess, 'permissions' | 'isAdmin'> | null | undefined, area: PermissionArea, action: PermissionAction): boolean {
  if (!access) return false;
  if (access.isAdmin) return true;
  return access.permissions[area]?.includes(action) ?? false;
}

const all = (): PermissionAction[] => [...PERMISSION_ACTIONS];
const everything = (): Permissions => Object.fromEntries(PERMISSION_AREAS.map((area) => [area, all()]));

/** The roles every company starts with; an owner may change them or add others. */
export const SYSTEM_ROLES: { name: string; description: string; scope: DataScope; permissions: Permissions }[] = [
  { name: 'Quản trị', description: 'Toàn quyền trong công ty', scope: 'company', permissions: everything() },
  {
    name: 'Quản lý vùng',
    description: 'Quản lý nhân viên, khách hàng và đơn hàng trong khu vực',
    scope: 'region',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'create', 'edit', 'approve', 'export'],
      order_groups: ['view', 'create', 'edit'],
      customers: ['view', 'create', 'edit', 'export'],
      visits: ['view', 'create', 'export'],
      products: ['view'],
      price_policy: ['view'],
      employees: ['view', 'edit'],
      regions: ['view'],
      kpi: ['view', 'edit'],
      reports: ['view', 'export'],
    },
  },
  {
    name: 'Trình dược viên',
    description: 'Bán hàng, ghé thăm và chăm sóc khách hàng được giao',
    scope: 'own',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'create'],
      customers: ['view', 'create', 'edit'],
      visits: ['view', 'create'],
      products: ['view'],
      kpi: ['view'],
    },
  },
  {
    name: 'Kế toán',
    description: 'Theo dõi đơn hàng, thanh toán, công nợ và báo cáo',
    scope: 'company',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'edit', 'approve', 'export'],
      customers: ['view', 'export'],
      products: ['view', 'export'],
      price_policy: ['view'],
      reports: ['view', 'export'],
    },
  },
  {
    name: 'Thủ kho',
    description: 'Xuất nhập kho và giao hàng',
    scope: 'company',
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'edit'],
      order_groups: ['view', 'create', 'edit'],
      products: ['view', 'edit'],
      warehouse: ['view', 'create', 'edit', 'delete', 'approve', 'export'],
    },
  },
];

export const ADMIN_ROLE = 'Quản trị';
export const SALES_ROLE = 'Trình dược viên';

const ACTION_VERBS: Record<PermissionAction, string> = {
  view: 'xem',
  create: 'thêm mới',
  edit: 'sửa',
  delete: 'xóa',
  approve: 'duyệt',
  export: 'xuất dữ liệu',
};

export function permissionDenied(area: PermissionArea, action: PermissionAction): string {
  return `Bạn không có quyền ${ACTION_VERBS[action]} mục ${AREA_LABELS[area]}`;
}
