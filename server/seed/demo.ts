/**
 * Demo data seeded on first start (tests and people rely on these exact values).
 * - 0901234567 / Demo@2026, Nguyễn Văn An: An Khang (Dược phẩm, accepted, every switch and report on),
 *   Minh Phát (Khác, accepted, every switch off, no report config), Hòa Bình (pending).
 * - 0907654321 / Demo@2026, Trần Thị Bình: accepted member of Minh Phát only.
 * - 0909000000 / Demo@2026, Quản trị hệ thống: the system administrator (account type SYSTEM, no company).
 */
import { count, eq } from 'drizzle-orm';
import { FEATURE_CODES, REPORT_CONFIG_KEYS } from '@contract/company-switches';
import { hashPassword } from '@server/lib/passwords';
import type { Db } from '@server/kernel/db/client';
import type { Vault } from '@server/kernel/vault';
import { accountCompanies, accounts, accountTypes, companies, companyFeatures } from '@server/kernel/db/schema';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoCrowdedOrder } from './demo-crowded-order';
import { seedDemoOrderGroups } from './demo-order-groups';
import { seedDemoRoutePlans } from './demo-route-plans';
import { seedDemoSuggestions } from './demo-suggestions';
import { seedDemoAttendance } from './demo-attendance';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoPeople } from './demo-employees';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoHistory } from './demo-history';
import { seedDemoPhotos } from './demo-photos';
import { seedDemoPromotions } from './demo-promotions';
import { seedDemoReceivables } from './demo-receivables';
import { seedDemoWarehouse } from './demo-warehouse';
import { companyOrderTypes } from '@server/modules/orders';
import { SHOP_ACCOUNT_TYPES } from '@contract/system';
import { seedDemoSubscriptions, seedDemoSystem } from './demo-system';
import { seedDemoMessaging } from './demo-messaging';
import { seedDemoPharma } from './demo-pharma';
import { seedDemoRecall } from './demo-recall';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO = {
  an: { phone: '0901234567', fullName: 'Nguyễn Văn An' },
  binh: { phone: '0907654321', fullName: 'Trần Thị Bình' },
  // Tax codes with a right check digit (contract/tax-code.ts): a person joining types them.
  anKhang: { title: 'Công ty Dược phẩm An Khang', type: 'Dược phẩm', taxCode: '0312345673' },
  minhPhat: { title: 'Công ty TNHH Thương mại Minh Phát', type: 'Khác', taxCode: '0109876532' },
  hoaBinh: { title: 'Nhà thuốc Hòa Bình', type: 'Dược phẩm', taxCode: '0401234566' },
} as const;

/** Account types exist in every database, demo or not. */
export async function seedAccountTypes(db: Db): Promise<void> {
  await db
    .insert(accountTypes)
    .values([
      { code: 'SYSTEM', title: 'Quản trị hệ thống' },
      { code: 'COMPANY', title: 'Người dùng doanh nghiệp' },
      // The owners of shops the system administrator creates (chth/ncc/npt admincreate/).
      ...Object.values(SHOP_ACCOUNT_TYPES),
    ])
    .onConflictDoNothing();
}

export async function hasAnyAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return Number(row?.n ?? 0) > 0;
}

/**
 * `providers`: the simulators run beside this server (npm start's demo, tests that start them), so
 * the demo companies connect to them and use them (e-invoices, accounting, the Zalo OA's first
 * sync); elsewhere nothing is seeded that would call a provider. `vault` seals the connections' secrets.
 */
export async function seedDemoData(db: Db, scryptLogN: number, vault: Vault, options: { providers: boolean }): Promise<void> {
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
          phone: '02838123456',
          address: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh',
          createdBy: an.id,
        },
        {
          ...DEMO.minhPhat,
          phone: '02437654321',
          address: '45 Hàng Bài, Phường Hoàn Kiếm, Hà Nội',
          createdBy: binh.id,
        },
        { ...DEMO.hoaBinh, address: '8 Lê Duẩn, Phường Hải Châu, Đà Nẵng' },
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
  await seedDemoPhotos(db, ids);
  // After the history: its visits since the plans took effect are judged against them.
  await seedDemoRoutePlans(db, ids);
  await seedDemoSuggestions(db, ids);
  // After the history too: the month's attendance follows from its visits, with one claim waiting and one approved.
  await seedDemoAttendance(db, ids);
  // The default order types (bán lẻ, bán sỉ, đổi trả), so phones have them from the first sync.
  for (const companyId of [ids.anKhangId, ids.minhPhatId]) await companyOrderTypes(db, companyId);
  await seedDemoSystem(db, passwordHash);
  await seedDemoSubscriptions(db, [ids.anKhangId, ids.minhPhatId]);
  await seedDemoReceivables(db, ids);
  // After the credit limits: one of An's cards in "Của tôi" carries the credit warning.
  await seedDemoCrowdedOrder(db, ids);
  // After the crowded card was chosen among An's newest: the runs take the oldest waiting orders.
  await seedDemoOrderGroups(db, ids);
  if (options.providers) await seedDemoInvoices(db, vault, { ...ids, password: DEMO_PASSWORD });
  await seedDemoMessaging(db, vault, ids, options.providers);
  await seedDemoPharma(db, ids);
  await seedDemoRecall(db, ids);
}
