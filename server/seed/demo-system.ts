/**
 * The system administrator's side of the demo (docs/system.md): the administrator
 * (0909000000 / Demo@2026, account type SYSTEM), business types, three service packages, vouchers
 * (one running, one spent-able in a few uses, one expired), a shop of each kind, and the demo
 * companies' subscriptions.
 */
import { eq } from 'drizzle-orm';
import { FEATURE_CODES, REPORT_CONFIG_KEYS } from '@contract/company-switches';
import { fold } from '@contract/fold';
import type { Db } from '@server/kernel/db/client';
import { grantPackage } from '@server/modules/plans';
import { accounts, accountTypes, businessTypes, servicePackages, shops, vouchers } from '@server/kernel/db/schema';

export const DEMO_SYSTEM = { phone: '0909000000', fullName: 'Quản trị hệ thống' } as const;

/** An Khang and Minh Phát run on Doanh nghiệp for a year from the seed, so every switch may be tried. */
export async function seedDemoSubscriptions(db: Db, companyIds: number[]): Promise<void> {
  const [pkg] = await db.select({ id: servicePackages.id }).from(servicePackages).where(eq(servicePackages.code, 'DOANH-NGHIEP'));
  await db.transaction(async (tx) => {
    for (const companyId of companyIds) await grantPackage(tx, companyId, pkg!.id, 12);
  });
}

export async function seedDemoSystem(db: Db, passwordHash: string): Promise<void> {
  const type = async (code: string) =>
    (await db.select({ id: accountTypes.id }).from(accountTypes).where(eq(accountTypes.code, code)))[0]!.id;
  await db.insert(accounts).values({
    phone: DEMO_SYSTEM.phone,
    fullName: DEMO_SYSTEM.fullName,
    passwordHash,
    accountTypeId: await type('SYSTEM'),
    email: 'admin@salesfield.vn',
  });
  const types = await db
    .insert(businessTypes)
    .values([
      { code: 'NHA-THUOC', name: 'Nhà thuốc, quầy thuốc' },
      { code: 'TAP-HOA', name: 'Tạp hóa, bách hóa' },
      { code: 'MY-PHAM', name: 'Mỹ phẩm, chăm sóc cá nhân' },
      { code: 'TBYT', name: 'Thiết bị y tế' },
      // The distributors the product is made for choose their own trade (none of the others fitted them).
      { code: 'PP-DUOC', name: 'Phân phối dược phẩm (bán buôn thuốc)' },
      { code: 'PP-TONG-HOP', name: 'Phân phối hàng tiêu dùng, tổng hợp' },
    ])
    .returning({ id: businessTypes.id, code: businessTypes.code });
  const typeId = (code: string) => types.find((entry) => entry.code === code)!.id;
  await db.insert(servicePackages).values([
    {
      code: 'CO-BAN',
      name: 'Cơ bản',
      description: 'Đơn hàng, khách hàng, sản phẩm và báo cáo đơn hàng cho nhóm nhỏ',
      pricePerMonth: 299_000,
      seats: 5,
      features: ['VAT', 'REPORT-ORDER-REVENUA'],
      sort: 1,
    },
    {
      code: 'CHUYEN-NGHIEP',
      name: 'Chuyên nghiệp',
      description: 'Thêm bán sỉ, chính sách giá, khuyến mại, quản lý kho, đơn gộp, công nợ và các báo cáo',
      pricePerMonth: 899_000,
      seats: 20,
      features: ['VAT', 'WHOLESALE', 'CSG', 'REWARD', 'WAREHOUSE', 'GROUP-ORDER', 'RECEIVABLE', ...REPORT_CONFIG_KEYS],
      sort: 2,
    },
    {
      code: 'DOANH-NGHIEP',
      name: 'Doanh nghiệp',
      description: 'Mọi chức năng, kể cả giao vận và Zalo OA',
      pricePerMonth: 2_490_000,
      seats: 100,
      features: [...FEATURE_CODES, ...REPORT_CONFIG_KEYS],
      sort: 3,
    },
    {
      // Not on sale: what a newly registered company may try for 30 days (docs/plans.md "Trial").
      code: 'DUNG-THU',
      name: 'Dùng thử',
      description: 'Mọi chức năng trong 30 ngày cho công ty mới đăng ký, tối đa 10 tài khoản',
      pricePerMonth: 0,
      seats: 10,
      features: [...FEATURE_CODES, ...REPORT_CONFIG_KEYS],
      isActive: false,
      sort: 0,
      trialDays: 30,
    },
  ]);
  await db.insert(vouchers).values([
    {
      code: 'CHAOMUNG2026',
      description: 'Giảm 10% (tối đa 500.000 đ) cho công ty mới',
      kind: 'percent',
      value: 10,
      maxDiscount: 500_000,
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      maxUses: 100,
    },
    {
      code: 'GIAM200K',
      description: 'Giảm 200.000 đ, 20 lượt',
      kind: 'amount',
      value: 200_000,
      startsOn: '2026-01-01',
      endsOn: '2027-06-30',
      maxUses: 20,
    },
    {
      code: 'TET2025',
      description: 'Khuyến mại Tết 2025 (đã hết hạn)',
      kind: 'percent',
      value: 20,
      maxDiscount: 1_000_000,
      startsOn: '2025-01-01',
      endsOn: '2025-02-28',
      maxUses: null,
    },
  ]);
  const shopPeople = [
    {
      kind: 'chth',
      type: 'CHTH',
      phone: '0909000011',
      owner: 'Lê Thị Ba',
      name: 'Tạp hóa Cô Ba Quận 3',
      business: 'TAP-HOA',
      address: '12 Võ Văn Tần, Phường Xuân Hòa, TP. Hồ Chí Minh',
    },
    {
      kind: 'ncc',
      type: 'NCC',
      phone: '0909000012',
      owner: 'Phạm Văn Cường',
      name: 'Công ty TNHH Dược phẩm Cường Thịnh',
      business: 'NHA-THUOC',
      address: '80 Lê Lợi, Phường Bến Thành, TP. Hồ Chí Minh',
    },
    {
      kind: 'npt',
      type: 'NPT',
      phone: '0909000013',
      owner: 'Hoàng Minh Đức',
      name: 'Nhà phân phối Minh Đức Miền Bắc',
      business: 'MY-PHAM',
      address: '25 Láng Hạ, Phường Giảng Võ, Hà Nội',
    },
  ];
  for (const [index, person] of shopPeople.entries()) {
    const [owner] = await db
      .insert(accounts)
      .values({
        phone: person.phone,
        fullName: person.owner,
        passwordHash,
        accountTypeId: await type(person.type),
        address: person.address,
      })
      .returning({ id: accounts.id });
    const code = `${person.type}${String(index + 1).padStart(6, '0')}`;
    await db.insert(shops).values({
      kind: person.kind,
      code,
      name: person.name,
      accountId: owner!.id,
      businessTypeId: typeId(person.business),
      phone: person.phone,
      address: person.address,
      searchText: fold([code, person.name, person.phone, person.owner, person.address].join(' ')),
    });
  }
}
