/**
 * Demo data seeded on first start (issue #2 names these exact values; tests and people rely on them).
 * - 0901234567 / Demo@2026, Nguyễn Văn An: An Khang (Dược phẩm, accepted, every switch and report on),
 *   Minh Phát (Khác, accepted, every switch off, no report config), Hòa Bình (pending).
 * - 0907654321 / Demo@2026, Trần Thị Bình: accepted member of Minh Phát only.
 */
import { count, eq } from 'drizzle-orm';
import { FEATURE_CODES, REPORT_CONFIG_KEYS } from '@contract/company-switches';
import { hashPassword } from '@server/lib/passwords';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, accountTypes, companies, companyFeatures } from '@server/kernel/db/schema';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoPeople } from './demo-employees';
import { seedDemoHistory } from './demo-history';
import { seedDemoPromotions } from './demo-promotions';
import { seedDemoWarehouse } from './demo-warehouse';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO = {
  an: { phone: '0901234567', fullName: 'Nguyễn Văn An' },
  binh: { phone: '0907654321', fullName: 'Trần Thị Bình' },
  anKhang: { title: 'Công ty Dược phẩm An Khang', type: 'Dược phẩm' },
  minhPhat: { title: 'Công ty TNHH Thương mại Minh Phát', type: 'Khác' },
  hoaBinh: { title: 'Nhà thuốc Hòa Bình', type: 'Dược phẩm' },
} as const;

/** Account types exist in every database, demo or not. */
export async function seedAccountTypes(db: Db): Promise<void> {
  await db
    .insert(accountTypes)
    .values([
      { code: 'SYSTEM', title: 'Quản trị hệ thống' },
      { code: 'COMPANY', title: 'Người dùng doanh nghiệp' },
    ])
    .onConflictDoNothing();
}

export async function hasAnyAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return Number(row?.n ?? 0) > 0;
}

export async function seedDemoData(db: Db, scryptLogN: number): Promise<void> {
  await seedAccountTypes(db);
  const passwordHash = await hashPassword(DEMO_PASSWORD, scryptLogN);
  const ids = await db.transaction(async (tx) => {
    const [type] = await tx.select().from(accountTypes).where(eq(accountTypes.code, 'COMPANY'));
    if (!type) throw new Error('account type COMPANY missing');
    const [an, binh] = await tx
      .insert(accounts)
      .values([
        { phone: DEMO.an.phone, fullName: DEMO.an.fullName, passwordHash, accountTypeId: type.id, email: 'an.nguyen@ankhang.vn' },
        { phone: DEMO.binh.phone, fullName: DEMO.binh.fullName, passwordHash, accountTypeId: type.id },
      ])
      .returning({ id: accounts.id });
    if (!an || !binh) throw new Error('demo accounts not created');
    const [anKhang, minhPhat, hoaBinh] = await tx
      .insert(companies)
      .values([
        {
          ...DEMO.anKhang,
          taxCode: '0312345678',
          phone: '02838123456',
          address: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh',
          createdBy: an.id,
        },
        {
          ...DEMO.minhPhat,
          taxCode: '0109876543',
          phone: '02437654321',
          address: '45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội',
          createdBy: binh.id,
        },
        { ...DEMO.hoaBinh, taxCode: '0401234567', address: '8 Lê Duẩn, Phường Hải Châu, Đà Nẵng' },
      ])
      .returning({ id: companies.id });
    if (!anKhang || !minhPhat || !hoaBinh) throw new Error('demo companies not created');
    await tx.insert(accountCompanies).values([
      { companyId: anKhang.id, accountId: an.id, status: 'accept', isOwner: true },
      { companyId: minhPhat.id, accountId: an.id, status: 'accept', isOwner: false },
      { companyId: hoaBinh.id, accountId: an.id, status: 'pending', isOwner: false },
      { companyId: minhPhat.id, accountId: binh.id, status: 'accept', isOwner: true },
    ]);
    // An Khang: every switch and every report config on. Minh Phát: every switch off, no report config.
    await tx
      .insert(companyFeatures)
      .values([
        ...[...FEATURE_CODES, ...REPORT_CONFIG_KEYS].map((code) => ({ companyId: anKhang.id, code, isEnabled: true })),
        ...FEATURE_CODES.map((code) => ({ companyId: minhPhat.id, code, isEnabled: false })),
      ]);
    return { anKhangId: anKhang.id, minhPhatId: minhPhat.id, hoaBinhId: hoaBinh.id, anId: an.id, binhId: binh.id };
  });
  await seedDemoCustomers(db, ids);
  await seedDemoCatalogue(db, { anKhangId: ids.anKhangId, minhPhatId: ids.minhPhatId });
  await seedDemoPeople(db, { ...ids, passwordHash });
  await seedDemoWarehouse(db, ids);
  await seedDemoPromotions(db, ids);
  await seedDemoHistory(db, ids);
}
