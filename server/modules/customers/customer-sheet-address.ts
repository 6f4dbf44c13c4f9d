/**
 * The address of an imported customer row (contract/customers-sheet.ts): the street as typed, and
 * the ward and province read from their names (the 2025 units). Cells that still say what the export
 * wrote for the stored customer keep its address as it is, so a sheet exported and imported again
 * leaves an address made with the old units alone.
 */
import { bareName, searchText } from '@contract/address-units';
import { EMPTY_ADDRESS, type Address } from '@contract/address';
import type { CustomerRecord } from '@contract/customers';
import type { CustomerSheetColumn } from '@contract/customers-sheet';
import { SheetCellError, sheetText, type SheetCells } from '@server/kernel/sheet-cells';
import { getLocationData, getProvinceIndex } from '@server/modules/address';

const same = (a: string | null, b: string | null | Date) => (a ?? '') === (b === null || b instanceof Date ? '' : b);

export async function sheetAddress(
  cells: SheetCells,
  row: number,
  existing: CustomerRecord | null,
  exported: Record<CustomerSheetColumn, string | Date | null> | null,
): Promise<Address | undefined> {
  const street = sheetText(cells, 'Số nhà, đường');
  const ward = sheetText(cells, 'Phường/xã');
  const province = sheetText(cells, 'Tỉnh/thành phố');
  const kept = existing ? { ...existing.address, street: street ?? existing.address.street } : null;
  if (kept && exported && same(ward, exported['Phường/xã']) && same(province, exported['Tỉnh/thành phố'])) return kept;
  if (!ward && !province) return kept ?? (street ? { ...EMPTY_ADDRESS, street } : undefined);
  if (!province) throw new SheetCellError(row, 'Tỉnh/thành phố', `Dòng ${row}: cần Tỉnh/thành phố của phường/xã "${ward}"`);
  const index = await getProvinceIndex();
  const found = index.resolve(province);
  if ('error' in found) throw new SheetCellError(row, 'Tỉnh/thành phố', `Dòng ${row}: ${found.error}`);
  const address: Address = {
    ...EMPTY_ADDRESS,
    province_code: found.code,
    province_name: index.nameOf(found.code),
    street: street ?? kept?.street ?? null,
  };
  if (!ward) return address;
  const wanted = searchText(bareName(ward));
  const wards = (await getLocationData()).wardsByProvince.get(found.code) ?? [];
  const match = wards.find((item) => item.code === ward || searchText(bareName(item.name)) === wanted);
  if (!match)
    throw new SheetCellError(row, 'Phường/xã', `Dòng ${row}: không có phường/xã "${ward}" thuộc ${address.province_name ?? province}`);
  return { ...address, ward_code: match.code, ward_name: match.name };
}
