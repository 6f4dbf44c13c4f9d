import { describe, expect, it } from 'vitest';
import { FEATURE_CODES, REPORT_CONFIG_KEYS, type FeatureFlags } from '@contract/company-switches';
import { SYSTEM_ROLES, type MemberAccess } from '@contract/roles';
import { bottomNav, buildMenu, menuLinks, type MenuEntry } from './menu';

const allOn: FeatureFlags = Object.fromEntries([...FEATURE_CODES, ...REPORT_CONFIG_KEYS].map((code) => [code, true]));
const allOff: FeatureFlags = Object.fromEntries(FEATURE_CODES.map((code) => [code, false]));

function entry(menu: MenuEntry[], key: string) {
  return menu.find((item) => item.key === key);
}
function paths(menu: MenuEntry[]) {
  return menuLinks(menu).map((link) => link.to);
}

describe('buildMenu', () => {
  it('shows Orders as a dropdown with group and delivery orders when both switches are on (and invoices with VAT)', () => {
    const orders = entry(buildMenu({ flags: allOn, companyType: 'Dược phẩm' }), 'orders');
    expect(orders && 'children' in orders ? orders.children.map((c) => c.to) : null).toEqual([
      '/order',
      '/order-groups',
      '/transport',
      '/invoices',
      '/accounting',
    ]);
  });

  it('gives Orders the e-invoices and MISA sync with VAT on, to a member who may see invoices', () => {
    const accountant: MemberAccess = {
      roleId: 4,
      roleName: 'Kế toán',
      scope: 'company',
      permissions: { orders: ['view'], invoices: ['view'] },
      isAdmin: false,
    };
    const rep: MemberAccess = { ...accountant, roleName: 'Trình dược viên', permissions: { orders: ['view'] } };
    const withVat = (access: MemberAccess) => buildMenu({ flags: { VAT: true }, companyType: 'Khác', access });
    const orders = entry(withVat(accountant), 'orders');
    expect(orders && 'children' in orders ? orders.children.map((c) => c.to) : null).toEqual(['/order', '/invoices', '/accounting']);
    // Without invoices, Orders stays the plain link of a company with neither delivery nor group orders.
    expect(entry(withVat(rep), 'order')).toEqual({ key: 'order', label: 'Đơn hàng', to: '/order' });
    const config = entry(withVat(accountant), 'config');
    expect(config && 'children' in config ? config.children.map((c) => c.to) : []).not.toContain('/invoices/settings');
  });

  it('shows Orders as a dropdown when only one of delivery or group orders is on', () => {
    const onlyGroup = entry(buildMenu({ flags: { 'GROUP-ORDER': true }, companyType: 'Khác' }), 'orders');
    expect(onlyGroup && 'children' in onlyGroup ? onlyGroup.children.map((c) => c.to) : null).toEqual(['/order', '/order-groups']);
    const onlyDlo = entry(buildMenu({ flags: { DLO: true }, companyType: 'Khác' }), 'orders');
    expect(onlyDlo && 'children' in onlyDlo ? onlyDlo.children.map((c) => c.to) : null).toEqual(['/order', '/transport']);
  });

  it('makes Orders a plain link to /order when neither delivery nor group orders is on', () => {
    const menu = buildMenu({ flags: allOff, companyType: 'Khác' });
    expect(entry(menu, 'order')).toEqual({ key: 'order', label: 'Đơn hàng', to: '/order' });
    expect(entry(menu, 'orders')).toBeUndefined();
  });

  it('switches the warehouse menu by the WAREHOUSE service', () => {
    expect(paths(buildMenu({ flags: allOn, companyType: null }))).toContain('/warehouse');
    expect(paths(buildMenu({ flags: allOn, companyType: null }))).not.toContain('/inventory');
    const off = paths(buildMenu({ flags: allOff, companyType: null }));
    expect(off).toEqual(expect.arrayContaining(['/inventory/warehouse', '/inventory/delivery', '/inventory']));
    expect(off).not.toContain('/warehouse');
  });

  it('shows the reports dropdown only with report config, each entry only when enabled', () => {
    expect(entry(buildMenu({ flags: allOff, companyType: null }), 'reports')).toBeUndefined();
    const full = entry(buildMenu({ flags: allOn, companyType: null }), 'reports');
    expect(full && 'children' in full ? full.children.map((c) => c.to) : []).toEqual([
      '/reports/products',
      '/reports/employee',
      '/reports/orders',
      '/reports/region',
      '/reports/customer',
      '/reports/promotions',
    ]);
    const some = entry(buildMenu({ flags: { 'REPORT-REGION': true, 'REPORT-STAFF': false }, companyType: null }), 'reports');
    expect(some && 'children' in some ? some.children.map((c) => c.to) : []).toEqual(['/reports/region']);
  });

  it('offers the report configuration to the owner only, whatever reports are on', () => {
    const owner: MemberAccess = { roleId: null, roleName: 'Quản trị', scope: 'company', permissions: {}, isAdmin: true };
    const manager: MemberAccess = {
      roleId: 2,
      roleName: 'Quản lý vùng',
      scope: 'region',
      permissions: { settings: ['view'] },
      isAdmin: false,
    };
    expect(paths(buildMenu({ flags: allOff, companyType: null, access: owner }))).toContain('/reports/settings');
    expect(paths(buildMenu({ flags: allOn, companyType: null, access: manager }))).not.toContain('/reports/settings');
  });

  it('shows config entries per service', () => {
    const on = paths(buildMenu({ flags: allOn, companyType: null }));
    expect(on).toEqual(expect.arrayContaining(['/area', '/kpi-area', '/role', '/price-policy', '/connect-dlo', '/zalo-oa']));
    const off = paths(buildMenu({ flags: allOff, companyType: null }));
    expect(off).toEqual(expect.arrayContaining(['/area', '/kpi-area', '/role']));
    for (const hidden of ['/price-policy', '/connect-dlo', '/zalo-oa']) expect(off).not.toContain(hidden);
  });

  it('labels sales staff by company type', () => {
    const label = (companyType: string) => menuLinks(buildMenu({ flags: {}, companyType })).find((l) => l.to === '/pharmacist')?.label;
    expect(label('Dược phẩm')).toBe('Trình dược viên');
    expect(label('Mỹ phẩm')).toBe('Trình dược viên');
    expect(label('Khác')).toBe('Nhân viên bán hàng');
  });

  it('shows promotions only with the REWARD service on', () => {
    expect(paths(buildMenu({ flags: { REWARD: true }, companyType: null }))).toContain('/promotion');
    expect(paths(buildMenu({ flags: allOff, companyType: null }))).not.toContain('/promotion');
    expect(paths(buildMenu({ flags: {}, companyType: null }))).not.toContain('/promotion');
  });

  it('always has the dashboard, products, customers and employees', () => {
    const links = paths(buildMenu({ flags: {}, companyType: null }));
    expect(links).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/product',
        '/product/variant',
        '/customers',
        '/customers/type',
        '/customers/settings',
        '/pharmacist',
        '/employees',
      ]),
    );
  });
});

describe('the menu by role', () => {
  const roleAccess = (name: string): MemberAccess => {
    const role = SYSTEM_ROLES.find((r) => r.name === name)!;
    return { roleId: 1, roleName: name, scope: role.scope, permissions: role.permissions, isAdmin: false };
  };

  it('shows a rep only the sales pages and their own reports: no employees, roles or areas, and a four-tab navbar', () => {
    const access = roleAccess('Trình dược viên');
    const links = paths(buildMenu({ flags: allOn, companyType: null, access }));
    expect(links).toEqual(
      expect.arrayContaining(['/dashboard', '/order', '/customers', '/visits', '/product', '/kpi-area', '/reports/employee']),
    );
    for (const hidden of [
      '/pharmacist',
      '/employees',
      '/role',
      '/area',
      '/reports/settings',
      '/order-groups',
      '/warehouse',
      '/inventory/count',
      '/customers/settings',
    ])
      expect(links).not.toContain(hidden);
    // Dropdowns left empty disappear altogether.
    expect(buildMenu({ flags: allOn, companyType: null, access }).map((item) => item.key)).not.toContain('employees');
    expect(bottomNav(access).map((tab) => tab.to)).toEqual(['/dashboard', '/customers', '/order', '/my-account']);
  });

  it('shows a storekeeper the warehouse and not the customers', () => {
    const links = paths(buildMenu({ flags: allOn, companyType: null, access: roleAccess('Thủ kho') }));
    expect(links).toContain('/warehouse');
    // The count screen that works offline is one tap away, not an address to type.
    expect(links).toContain('/inventory/count');
    expect(links).not.toContain('/customers');
  });

  it('offers a pharmaceutical company recall campaigns under Kho, with or without several warehouses, to whoever may see the warehouse', () => {
    for (const flags of [allOn, allOff]) {
      expect(paths(buildMenu({ flags, companyType: 'Dược phẩm' }))).toContain('/recall');
      expect(paths(buildMenu({ flags, companyType: 'Khác' }))).not.toContain('/recall');
    }
    expect(paths(buildMenu({ flags: allOn, companyType: 'Dược phẩm', access: roleAccess('Thủ kho') }))).toContain('/recall');
    expect(paths(buildMenu({ flags: allOn, companyType: 'Dược phẩm', access: roleAccess('Trình dược viên') }))).not.toContain('/recall');
  });

  it('hides nothing from an administrator, nor while the access is not known yet', () => {
    const admin: MemberAccess = { roleId: null, roleName: 'Quản trị', scope: 'company', permissions: {}, isAdmin: true };
    const everything = paths(buildMenu({ flags: allOn, companyType: null }));
    expect(paths(buildMenu({ flags: allOn, companyType: null, access: admin }))).toEqual(everything);
    expect(paths(buildMenu({ flags: allOn, companyType: null, access: null }))).toEqual(everything);
    expect(bottomNav(null)).toHaveLength(5);
  });
});
