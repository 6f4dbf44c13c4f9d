/**
 * Demo people and territory: roles for every demo company, An Khang's staff (reps,
 * a regional manager, an accountant, a storekeeper) with codes, regions and managers, three
 * regions over the new provinces, a few customers assigned to each rep, and this month's KPI targets. All demo passwords are Demo@2026.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import { ADMIN_ROLE, SALES_ROLE } from '@contract/roles';
import { ensureCompanyRoles, roleIdByName } from '@server/modules/roles';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes, customers, kpiTargets, regionProvinces, regions } from '@server/kernel/db/schema';

/** The demo staff by what they do, for tests and the README (password Demo@2026). */
export const DEMO_STAFF = {
  repSouth: '0912000001',
  repNorth: '0912000002',
  regionalManager: '0912000003',
  accountant: '0912000004',
  storekeeper: '0912000005',
} as const;

type Person = {
  phone: string;
  name: string;
  kind: 'sales' | 'office';
  role: string;
  code: string;
  region: string | null;
  manager?: string;
};

const AN_KHANG_STAFF: Person[] = [
  { phone: '0912000003', name: 'Võ Minh Quân', kind: 'office', role: 'Quản lý vùng', code: 'QL001', region: 'MN' },
  { phone: '0912000001', name: 'Lê Văn Trình', kind: 'sales', role: SALES_ROLE, code: 'TDV001', region: 'MN', manager: '0912000003' },
  { phone: '0912000002', name: 'Phạm Thị Hoa', kind: 'sales', role: SALES_ROLE, code: 'TDV002', region: 'HN', manager: '0912000003' },
  { phone: '0912000004', name: 'Đặng Thu Hà', kind: 'office', role: 'Kế toán', code: 'KT001', region: null },
  { phone: '0912000005', name: 'Bùi Văn Kiên', kind: 'office', role: 'Thủ kho', code: 'TK001', region: null },
];

const AN_KHANG_REGIONS = [
  {
    code: 'MN',
    name: 'Miền Nam',
    description: 'TP. Hồ Chí Minh và các tỉnh phía Nam',
    provinces: ['79', '80', '75', '82', '86', '91', '92', '96'],
  },
  { code: 'HN', name: 'Hà Nội và phụ cận', description: 'Hà Nội, Bắc Ninh, Hưng Yên, Hải Phòng', provinces: ['01', '24', '33', '31'] },
  { code: 'MT', name: 'Miền Trung', description: 'Đà Nẵng, Huế, Quảng Ngãi, Khánh Hòa', provinces: ['48', '46', '51', '56'] },
];

export async function seedDemoPeople(
  db: Db,
  input: { anKhangId: number; minhPhatId: number; hoaBinhId: number; anId: number; binhId: number; passwordHash: string },
): Promise<void> {
  for (const companyId of [input.anKhangId, input.minhPhatId, input.hoaBinhId]) await ensureCompanyRoles(db, companyId);
  await db.transaction(async (tx) => {
    const regionIds = new Map<string, number>();
    for (const region of AN_KHANG_REGIONS) {
      const [row] = await tx
        .insert(regions)
        .values({ companyId: input.anKhangId, code: region.code, name: region.name, description: region.description })
        .returning({ id: regions.id });
      regionIds.set(region.code, row!.id);
      await tx
        .insert(regionProvinces)
        .values(region.provinces.map((provinceCode) => ({ regionId: row!.id, companyId: input.anKhangId, provinceCode })));
    }

    const [type] = await tx.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.code, 'COMPANY'));
    const accountIds = new Map<string, number>();
    for (const person of AN_KHANG_STAFF) {
      const [account] = await tx
        .insert(accounts)
        .values({ phone: person.phone, fullName: person.name, passwordHash: input.passwordHash, accountTypeId: type!.id })
        .returning({ id: accounts.id });
      accountIds.set(person.phone, account!.id);
    }
    for (const person of AN_KHANG_STAFF) {
      await tx.insert(accountCompanies).values({
        companyId: input.anKhangId,
        accountId: accountIds.get(person.phone)!,
        status: 'accept',
        roleId: await roleIdByName(tx, input.anKhangId, person.role),
        staffKind: person.kind,
        code: person.code,
        regionId: person.region ? regionIds.get(person.region)! : null,
        managerId: person.manager ? accountIds.get(person.manager)! : null,
        startDate: '2025-03-01',
      });
    }

    // The demo owners run their companies; An also sells for Minh Phát.
    const setMember = async (companyId: number, accountId: number, values: Partial<typeof accountCompanies.$inferInsert>) =>
      tx
        .update(accountCompanies)
        .set(values)
        .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, accountId)));
    await setMember(input.anKhangId, input.anId, {
      roleId: await roleIdByName(tx, input.anKhangId, ADMIN_ROLE),
      code: 'NV001',
      staffKind: 'office',
      startDate: '2024-01-02',
    });
    await setMember(input.minhPhatId, input.binhId, {
      roleId: await roleIdByName(tx, input.minhPhatId, ADMIN_ROLE),
      code: 'NV001',
      staffKind: 'office',
      startDate: '2024-06-01',
    });
    await setMember(input.minhPhatId, input.anId, {
      roleId: await roleIdByName(tx, input.minhPhatId, SALES_ROLE),
      code: 'NVBH001',
      staffKind: 'sales',
      startDate: '2025-01-15',
    });
    await setMember(input.hoaBinhId, input.anId, { staffKind: 'sales' });

    // Each rep looks after a few pharmacies of their own region; the rest stay with An.
    for (const [phone, codes] of [
      ['0912000001', ['KH000004', 'KH000005']],
      ['0912000002', ['KH000007']],
    ] as const) {
      await tx
        .update(customers)
        .set({ staffId: accountIds.get(phone)! })
        .where(and(eq(customers.companyId, input.anKhangId), inArray(customers.code, [...codes])));
    }

    const month = vietnamDay().slice(0, 7);
    await tx.insert(kpiTargets).values([
      {
        companyId: input.anKhangId,
        month,
        regionId: regionIds.get('MN')!,
        revenue: 500_000_000,
        orders: 120,
        newCustomers: 15,
        visits: 300,
      },
      {
        companyId: input.anKhangId,
        month,
        regionId: regionIds.get('HN')!,
        revenue: 300_000_000,
        orders: 80,
        newCustomers: 10,
        visits: 200,
      },
      {
        companyId: input.anKhangId,
        month,
        accountId: accountIds.get('0912000001')!,
        revenue: 150_000_000,
        orders: 40,
        newCustomers: 5,
        visits: 100,
      },
      {
        companyId: input.anKhangId,
        month,
        accountId: accountIds.get('0912000002')!,
        revenue: 120_000_000,
        orders: 35,
        newCustomers: 5,
        visits: 90,
      },
      { companyId: input.anKhangId, month, accountId: input.anId, revenue: 80_000_000, orders: 20, newCustomers: 3, visits: 40 },
    ]);
  });
}
