import { describe, expect, it } from 'vitest';
import { can, permissionDenied, PERMISSION_AREAS, SYSTEM_ROLES } from './roles';

const role = (name: string) => SYSTEM_ROLES.find((r) => r.name === name)!;

describe('permissions', () => {
  it('gives the admin everything and an unknown member nothing', () => {
    expect(can({ permissions: {}, isAdmin: true }, 'roles', 'delete')).toBe(true);
    expect(can(null, 'orders', 'view')).toBe(false);
  });

  it('lets a sales rep take orders but not export, approve or manage people', () => {
    const rep = { permissions: role('Trình dược viên').permissions, isAdmin: false };
    expect(can(rep, 'orders', 'create')).toBe(true);
    expect(can(rep, 'orders', 'export')).toBe(false);
    expect(can(rep, 'orders', 'approve')).toBe(false);
    expect(can(rep, 'employees', 'view')).toBe(false);
    expect(role('Trình dược viên').scope).toBe('own');
  });

  it('seeds the five roles, the admin covering every area', () => {
    expect(SYSTEM_ROLES.map((r) => r.name)).toEqual(['Quản trị', 'Quản lý vùng', 'Trình dược viên', 'Kế toán', 'Thủ kho']);
    expect(Object.keys(role('Quản trị').permissions).sort()).toEqual([...PERMISSION_AREAS].sort());
  });

  it('explains a refusal in Vietnamese', () => {
    expect(permissionDenied('orders', 'export')).toBe('Bạn không có quyền xuất dữ liệu mục Đơn hàng');
  });
});
