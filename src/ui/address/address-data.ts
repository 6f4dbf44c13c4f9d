/**
 * The picker's data, offline: small JSON files under /address/ (written by
 * scripts/build-address-data.mjs from the same dataset as the server's location/v2/api), fetched
 * lazily — the province list first, then the wards of the chosen province, and the old → new
 * mapping only when a legacy address is converted. The service worker keeps them for offline use;
 * each file is fetched at most once per page, and a failed fetch is tried again next time.
 */
import {
  ADDRESS_DATA_BASE_URL,
  addressFileNames,
  type LegacyProvincesFile,
  type ProvincesFile,
  type WardMappingFile,
  type WardsFile,
} from '@contract/address-units';

export type NewProvince = ProvincesFile['provinces'][number];
export type PlaceOption = { code: string; name: string };

export interface AddressData {
  provinces: () => Promise<NewProvince[]>;
  wards: (provinceCode: string) => Promise<PlaceOption[]>;
  legacyProvinces: () => Promise<LegacyProvincesFile>;
  /** The mapping of the old wards of one old province; every new ward in it lies in `province`. */
  wardMapping: (legacyProvinceCode: string) => Promise<WardMappingFile>;
}

export const ADDRESS_DATA_ERROR = 'Không tải được danh sách địa chỉ. Vui lòng kết nối mạng một lần để tải dữ liệu, rồi thử lại.';

export class AddressDataError extends Error {
  constructor(readonly file: string) {
    super(ADDRESS_DATA_ERROR);
  }
}

/** A source over any reader of the files by name (fetch in the app, the files themselves in tests). */
export function createAddressData(readFile: (name: string) => Promise<unknown>): AddressData {
  const cache = new Map<string, Promise<unknown>>();
  const load = <T>(name: string): Promise<T> => {
    let pending = cache.get(name);
    if (!pending) {
      pending = readFile(name).catch((error: unknown) => {
        cache.delete(name);
        throw error instanceof AddressDataError ? error : new AddressDataError(name);
      });
      cache.set(name, pending);
    }
    return pending as Promise<T>;
  };
  return {
    provinces: () => load<ProvincesFile>(addressFileNames.provinces).then((file) => file.provinces),
    wards: (provinceCode) =>
      load<WardsFile>(addressFileNames.wards(provinceCode)).then((rows) => rows.map(([code, name]) => ({ code, name }))),
    legacyProvinces: () => load<LegacyProvincesFile>(addressFileNames.legacyProvinces),
    wardMapping: (legacyProvinceCode) => load<WardMappingFile>(addressFileNames.wardMapping(legacyProvinceCode)),
  };
}

async function fetchAddressFile(name: string): Promise<unknown> {
  const response = await fetch(`${ADDRESS_DATA_BASE_URL}${name}`, { credentials: 'same-origin' });
  if (!response.ok) throw new AddressDataError(name);
  return response.json();
}

/** The app's source: same-origin static files, cached by the service worker. */
export const addressData: AddressData = createAddressData(fetchAddressFile);
