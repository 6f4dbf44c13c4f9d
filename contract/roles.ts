/**
 * Roles and permissions: what each member of a company may do, by area of the product
 * and action. The server checks every call against it (403 with a Vietnamese message); the client
 * hides what a member may not use, on top of the company's feature switches. A role also says whose
 * data its members see: the whole company, their region, or their own.
 */
import * as v from 'valibot';
import { bodyObject, idField, optionalText, pagingFields, requiredText } from './validation';

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
  'receivables',
  'employees',
  'regions',
  'kpi',
  'roles',
  'reports',
  'settings',
  'invoices',
  'messaging',
] as const;
/**
 * Exceptions to the data scope, granted beside the area × action matrix (the role screen's matrix
 * is PERMISSION_AREAS only): `off_route` with `create` lets a member sell to and visit customers of
 * the company outside their scope ("bán ngoài tuyến"); each such order says so (docs/decisions.md,
 * data scope on ops). Only `create` counts; `view` rides along as on any area.
 */
export const SCOPE_EXCEPTION_AREAS = ['off_route'] as const;
/** Every area a role's permissions may name: the matrix and the exceptions. */
export const ALL_PERMISSION_AREAS = [...PERMISSION_AREAS, ...SCOPE_EXCEPTION_AREAS] as const;
export type PermissionArea = (typeof ALL_PERMISSION_AREAS)[number];

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
  receivables: 'Công nợ, thu tiền',
  employees: 'Nhân viên',
  regions: 'Khu vực',
  kpi: 'KPI',
  roles: 'Phân quyền',
  reports: 'Báo cáo',
  settings: 'Cấu hình công ty',
  invoices: 'Hóa đơn điện tử, kế toán',
  messaging: 'Zalo OA (tin nhắn, ZNS, gửi hàng loạt)',
  off_route: 'Bán hàng, ghé thăm ngoài tuyến',
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

/** The permission to work at customers outside one's data scope (SCOPE_EXCEPTION_AREAS). */
export const OFF_ROUTE: readonly [PermissionArea, PermissionAction] = ['off_route', 'create'];

/**
 * What a member may do in a company, as the server computed it for them. `maxDiscount` is their
 * role's "Chiết khấu tối đa (%)" (null: no limit; contract/orders-discount.ts); an access cached on a
 * phone by an older build lacks it, and then the phone shows no limit and the server decides.
 */
export type MemberAccess = {
  roleId: number | null;
  roleName: string;
  scope: DataScope;
  permissions: Permissions;
  isAdmin: boolean;
  maxDiscount?: number | null;
};

export function can(
  access: Pick<MemberAccess, 'permissions' | 'isAdmin'> | null | undefined,
  area: PermissionArea,
  action: PermissionAction,
): boolean {
  if (!access) return false;
  if (access.isAdmin) return true;
  return access.permissions[area]?.includes(action) ?? false;
}

/** The seeded sales role's "Chiết khấu tối đa (%)" (also set on existing companies by migration 0011). */
export const SALES_MAX_DISCOUNT = 10;

const all = (): PermissionAction[] => [...PERMISSION_ACTIONS];
const everything = (): Permissions => Object.fromEntries(PERMISSION_AREAS.map((area) => [area, all()]));

/** The roles every company starts with; an owner may change them or add others. */
/**
 * The roles every company starts with; an owner may change them or add others. `maxDiscount`: a rep
 * gives up to 10 % on a line without asking; managers approve beyond it and have no limit of their
 * own; the accountant and the keeper take no orders.
 */
export type SystemRole = { name: string; description: string; scope: DataScope; permissions: Permissions; maxDiscount: number | null };

export const SYSTEM_ROLES: SystemRole[] = [
  { name: 'Quản trị', description: 'Toàn quyền trong công ty', scope: 'company', permissions: everything(), maxDiscount: null },
  {
    name: 'Quản lý vùng',
    description: 'Quản lý nhân viên, khách hàng và đơn hàng trong khu vực',
    scope: 'region',
    maxDiscount: null,
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'create', 'edit', 'approve', 'export'],
      order_groups: ['view', 'create', 'edit'],
      customers: ['view', 'create', 'edit', 'export'],
      // Builds and approves the route plans of the region's reps (contract/visits-plans.ts).
      visits: ['view', 'create', 'edit', 'approve', 'export'],
      products: ['view'],
      price_policy: ['view'],
      employees: ['view', 'edit'],
      regions: ['view'],
      kpi: ['view', 'edit'],
      reports: ['view', 'export'],
      receivables: ['view', 'create', 'export'],
      // A regional manager covers for reps and closes sales at the region's edges.
      off_route: ['view', 'create'],
    },
  },
  {
    name: 'Trình dược viên',
    description: 'Bán hàng, ghé thăm và chăm sóc khách hàng được giao',
    scope: 'own',
    maxDiscount: SALES_MAX_DISCOUNT,
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'create'],
      customers: ['view', 'create', 'edit'],
      visits: ['view', 'create'],
      products: ['view'],
      kpi: ['view'],
      // Collects payments at the pharmacy; the cashier confirms them (receivables approve).
      receivables: ['view', 'create'],
      // Their own figures only: the role's data scope (own) keeps every report to their orders.
      reports: ['view'],
    },
  },
  {
    name: 'Kế toán',
    description: 'Theo dõi đơn hàng, thanh toán, công nợ và báo cáo',
    scope: 'company',
    maxDiscount: null,
    permissions: {
      dashboard: ['view'],
      orders: ['view', 'edit', 'approve', 'export'],
      customers: ['view', 'export'],
      products: ['view', 'export'],
      price_policy: ['view'],
      reports: ['view', 'export'],
      // The cashier: records and confirms payments, sets credit limits, prints statements.
      receivables: ['view', 'create', 'edit', 'delete', 'approve', 'export'],
      // Issues e-invoices, keeps the invoice settings and pushes vouchers to MISA (docs/invoices.md).
      invoices: ['view', 'create', 'edit', 'export'],
    },
  },
  {
    name: 'Thủ kho',
    description: 'Xuất nhập kho và giao hàng',
    scope: 'company',
    maxDiscount: null,
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

// ---- Calls of the role section (product-spec.md §7 "Role (role/api): role CRUD, approle") ------------------

export const rolePaths = {
  /** GET (search, page, limit), POST. */
  roles: '/role/api/role/',
  /** GET, PUT, DELETE. */
  role: (id: number | string) => `/role/api/role/${id}/`,
  /** GET role changes waiting for approval; POST {company, request, approve} decides one. */
  approle: '/role/api/approle/',
  /** GET what the caller may do in a company (menu, buttons, route guards). */
  myAccess: '/role/api/my-access/',
} as const;

export type RoleRecord = {
  id: number;
  company: number;
  name: string;
  description: string | null;
  scope: DataScope;
  permissions: Permissions;
  /** "Chiết khấu tối đa (%)": above it a member's order waits for approval; null: no limit. */
  max_discount: number | null;
  is_system: boolean;
  member_count: number;
};

export type RoleRequestRecord = {
  id: number;
  company: number;
  account: { id: number; full_name: string; phone: string };
  current_role: { id: number; name: string } | null;
  requested_role: { id: number; name: string };
  requested_by: { id: number; full_name: string };
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
};

const CompanyId = idField('công ty');

/** Only known areas and actions; anything else is refused, not silently stored. */
const PermissionsSchema = v.pipe(
  v.record(
    v.picklist(ALL_PERMISSION_AREAS, 'Khu vực phân quyền không hợp lệ'),
    v.array(v.picklist(PERMISSION_ACTIONS, 'Thao tác phân quyền không hợp lệ'), 'Danh sách thao tác không hợp lệ'),
    'Ma trận quyền không hợp lệ',
  ),
  v.transform((matrix): Permissions => {
    const clean: Permissions = {};
    for (const area of ALL_PERMISSION_AREAS) {
      const actions = PERMISSION_ACTIONS.filter((action) => matrix[area]?.includes(action));
      // Any action on an area implies seeing it.
      if (actions.length) clean[area] = actions.includes('view') ? actions : ['view', ...actions];
    }
    return clean;
  }),
);

/** A whole percent 0–100, or null for no limit; left out on an edit, the role keeps its limit. */
const MaxDiscountSchema = v.optional(
  v.nullable(
    v.pipe(
      v.number('Chiết khấu tối đa phải là số'),
      v.integer('Chiết khấu tối đa phải là số nguyên'),
      v.minValue(0, 'Chiết khấu tối đa không được âm'),
      v.maxValue(100, 'Chiết khấu tối đa không được vượt quá 100%'),
    ),
  ),
);

export const RoleInputSchema = bodyObject({
  company: CompanyId,
  name: requiredText('tên vai trò', 100),
  description: optionalText('mô tả', 500),
  scope: v.picklist(DATA_SCOPES, 'Phạm vi dữ liệu không hợp lệ'),
  permissions: PermissionsSchema,
  max_discount: MaxDiscountSchema,
});
export type RoleInput = v.InferOutput<typeof RoleInputSchema>;

export const RoleListQuery = v.object({
  company: CompanyId,
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài')), ''),
  ...pagingFields(),
});

export const RoleDecisionSchema = bodyObject({
  company: CompanyId,
  request: idField('yêu cầu'),
  approve: v.boolean('Vui lòng chọn duyệt hoặc từ chối'),
});
