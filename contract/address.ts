/**
 * Vietnamese addresses across the July 2025 reform (docs/vietnam.md "Addresses"): new entries use
 * the two-level units (province → ward/commune); addresses entered before keep the old three
 * levels. Every address stores its scheme, the unit codes and the names as shown at entry time.
 */
import * as v from 'valibot';

export const ADDRESS_SCHEMES = ['VN2025', 'VN_LEGACY'] as const;
export type AddressScheme = (typeof ADDRESS_SCHEMES)[number];

export type Address = {
  scheme: AddressScheme;
  province_code: string | null;
  province_name: string | null;
  /** Only in the legacy three-level scheme. */
  district_code: string | null;
  district_name: string | null;
  ward_code: string | null;
  ward_name: string | null;
  /** House number and street. */
  street: string | null;
};

const code = (label: string) =>
  v.optional(v.nullable(v.pipe(v.string(`Mã ${label} không hợp lệ`), v.regex(/^\d{1,6}$/, `Mã ${label} không hợp lệ`))), null);
const name = (label: string) =>
  v.optional(v.nullable(v.pipe(v.string(`Tên ${label} không hợp lệ`), v.maxLength(120, `Tên ${label} quá dài`))), null);

export const AddressSchema = v.pipe(
  v.object(
    {
      scheme: v.optional(v.picklist(ADDRESS_SCHEMES, 'Kiểu địa chỉ không hợp lệ'), 'VN2025'),
      province_code: code('tỉnh/thành phố'),
      province_name: name('tỉnh/thành phố'),
      district_code: code('quận/huyện'),
      district_name: name('quận/huyện'),
      ward_code: code('phường/xã'),
      ward_name: name('phường/xã'),
      street: v.optional(v.nullable(v.pipe(v.string('Địa chỉ không hợp lệ'), v.maxLength(300, 'Địa chỉ quá dài'))), null),
    },
    'Địa chỉ không hợp lệ',
  ),
  v.check(
    (address) => address.scheme === 'VN_LEGACY' || (address.district_code === null && address.district_name === null),
    'Địa chỉ theo đơn vị hành chính mới không có quận/huyện',
  ),
);

export const EMPTY_ADDRESS: Address = {
  scheme: 'VN2025',
  province_code: null,
  province_name: null,
  district_code: null,
  district_name: null,
  ward_code: null,
  ward_name: null,
  street: null,
};

/** One line for lists and print: street, ward, (district,) province. */
export function formatAddress(address: Address | null | undefined): string {
  if (!address) return '';
  return [address.street, address.ward_name, address.scheme === 'VN_LEGACY' ? address.district_name : null, address.province_name]
    .filter((part): part is string => Boolean(part && part.trim()))
    .join(', ');
}
