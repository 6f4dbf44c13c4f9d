/**
 * Diacritic-free filtering for Mantine's Select (`filter` prop), with the same matching as the
 * server's `search` (contract/address-units.ts): "ben thanh" finds Phường Bến Thành, "hcm" or "binh duong"
 * find TP. Hồ Chí Minh. Options keep their order (sorted by name).
 */
import type { OptionsFilter } from '@mantine/core';
import { matchesPlace, type PlaceSearchEntry, placeSearchEntry, prepareQuery, provinceAliases } from '@contract/address-units';
import { keepMatching } from '../folded-options-filter';
import type { NewProvince, PlaceOption } from './address-data';

export type PlaceIndex = Map<string, PlaceSearchEntry>;

export function indexPlaces(places: readonly PlaceOption[]): PlaceIndex {
  return new Map(places.map((place) => [place.code, placeSearchEntry(place.code, place.name)]));
}

export function indexProvinces(provinces: readonly NewProvince[]): PlaceIndex {
  return new Map(provinces.map((province) => [province.code, placeSearchEntry(province.code, province.name, provinceAliases(province))]));
}

/** The places of `index` that match a query, in their given order (the pure part of the filter). */
export function filterPlaces<T extends PlaceOption>(places: readonly T[], index: PlaceIndex, search: string): T[] {
  const query = prepareQuery(search);
  return places.filter((place) => matchesPlace(index.get(place.code) ?? placeSearchEntry(place.code, place.name), query));
}

export function placeFilter(index: PlaceIndex): OptionsFilter<string> {
  return ({ options, search, limit }) => {
    const query = prepareQuery(search);
    return keepMatching(options, limit, (item) => matchesPlace(index.get(item.value) ?? placeSearchEntry(item.value, item.label), query));
  };
}
