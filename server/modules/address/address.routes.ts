/**
 * Location calls (product-spec.md §7 "Location", mounted at /api/location/v2/api): public reference data, no
 * sign-in, answers cacheable for a day. Data from address-data.ts, loaded at the first call.
 *
 *   GET province/?scheme=VN2025|VN_LEGACY&search=   provinces (34 new, default; or 63 old)
 *   GET district/{provinceCode}/?scheme=VN_LEGACY    old districts of an old province (404 for VN2025)
 *   GET ward/{code}/?scheme=&search=                 VN2025: wards of a province; VN_LEGACY: communes of a district
 *   GET area/?scheme=                                Miền Bắc / Miền Trung / Miền Nam with their provinces
 *   GET ward-mapping/?old_ward_code=                 the new ward(s) an old ward became (a suggestion)
 *
 * Lists are sorted by name (contract/address-units.ts comparePlaceNames); `search` is diacritic-free.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ADDRESS_SCHEMES } from '@contract/address';
import {
  AREAS,
  type AreaItem,
  DISTRICT_CODE,
  LOCATION_CACHE_CONTROL,
  LOCATION_MESSAGES,
  matchesPlace,
  type PlaceSearchEntry,
  placeSearchEntry,
  prepareQuery,
  PROVINCE_CODE,
  provinceAliases,
  sortPlaces,
  WARD_CODE,
  type WardMappingAnswer,
} from '@contract/address-units';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { badRequest, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseQuery } from '@server/kernel/validate';
import { getLocationData, type LocationData } from './address-data';

const scheme = v.optional(v.picklist(ADDRESS_SCHEMES, LOCATION_MESSAGES.badScheme), 'VN2025');
const search = v.optional(v.pipe(v.string(), v.maxLength(100, LOCATION_MESSAGES.searchTooLong)), '');

const ListQuery = v.object({ scheme, search });
const SchemeQuery = v.object({ scheme });
const MappingQuery = v.object({
  old_ward_code: v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty(LOCATION_MESSAGES.missingOldWard),
    v.regex(WARD_CODE, LOCATION_MESSAGES.badWardCode),
  ),
});

/** Search forms are built once per unit, at its first search (units live as long as the process). */
const searchEntries = new WeakMap<object, PlaceSearchEntry>();

function searchUnits<T extends { code: string; name: string }>(
  items: readonly T[],
  raw: string,
  aliases?: (item: T) => readonly string[],
): T[] {
  const query = prepareQuery(raw);
  if (!query) return [...items];
  return items.filter((item) => {
    let entry = searchEntries.get(item);
    if (!entry) {
      entry = placeSearchEntry(item.code, item.name, aliases?.(item));
      searchEntries.set(item, entry);
    }
    return matchesPlace(entry, query);
  });
}

function pathCode(c: Context, pattern: RegExp, message: string): string {
  const code = c.req.param('code') ?? '';
  if (!pattern.test(code)) throw badRequest('VALIDATION_FAILED', message);
  return code;
}

export function locationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  let loaded: LocationData | null = null;
  const data = async () => {
    if (loaded) return loaded;
    const started = performance.now();
    const rssBefore = process.memoryUsage().rss;
    loaded = await getLocationData();
    deps.logger.info(
      {
        ms: Math.round(performance.now() - started),
        rssMb: Math.round((process.memoryUsage().rss - rssBefore) / 1048576),
        version: loaded.version,
      },
      'location data loaded',
    );
    return loaded;
  };

  // Successful answers are the same for everyone until the packages change.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', LOCATION_CACHE_CONTROL);
  });

  app.get('/province', async (c) => {
    const query = parseQuery(c, ListQuery);
    const { provinces, legacyProvinces } = await data();
    const list = query.scheme === 'VN2025' ? provinces : legacyProvinces;
    const found = searchUnits(list, query.search, provinceAliases);
    return ok(c, found, { count: found.length });
  });

  app.get('/district/:code', async (c) => {
    const query = parseQuery(c, ListQuery);
    const code = pathCode(c, PROVINCE_CODE, LOCATION_MESSAGES.badProvinceCode);
    if (query.scheme === 'VN2025') throw notFound(LOCATION_MESSAGES.noDistrictLevel);
    const { legacyProvinceByCode, legacyDistrictsByProvince } = await data();
    if (!legacyProvinceByCode.has(code)) throw notFound(LOCATION_MESSAGES.legacyProvinceNotFound(code));
    const found = searchUnits(legacyDistrictsByProvince.get(code) ?? [], query.search);
    return ok(c, found, { count: found.length });
  });

  app.get('/ward/:code', async (c) => {
    const query = parseQuery(c, ListQuery);
    const loadedData = await data();
    if (query.scheme === 'VN2025') {
      const code = pathCode(c, PROVINCE_CODE, LOCATION_MESSAGES.badProvinceCode);
      if (!loadedData.provinceByCode.has(code)) throw notFound(LOCATION_MESSAGES.provinceNotFound(code));
      const found = searchUnits(loadedData.wardsByProvince.get(code) ?? [], query.search);
      return ok(c, found, { count: found.length });
    }
    const code = pathCode(c, DISTRICT_CODE, LOCATION_MESSAGES.badDistrictCode);
    if (!loadedData.legacyDistrictByCode.has(code)) throw notFound(LOCATION_MESSAGES.districtNotFound(code));
    const found = searchUnits(loadedData.legacyWardsByDistrict.get(code) ?? [], query.search);
    return ok(c, found, { count: found.length });
  });

  app.get('/area', async (c) => {
    const query = parseQuery(c, SchemeQuery);
    const { provinces, legacyProvinces } = await data();
    const list = query.scheme === 'VN2025' ? provinces : legacyProvinces;
    const areas: AreaItem[] = sortPlaces(
      AREAS.map((area) => ({
        code: area.code,
        name: area.name,
        order: area.order,
        provinces: list.filter((province) => province.area === area.code).map(({ code, name }) => ({ code, name })),
      })),
    );
    return ok(c, areas, { count: areas.length });
  });

  app.get('/ward-mapping', async (c) => {
    const query = parseQuery(c, MappingQuery);
    const { mapping, wardByCode, provinceByCode, legacyProvinceByCode } = await data();
    const entry = mapping.get(query.old_ward_code);
    if (!entry) throw notFound(LOCATION_MESSAGES.oldWardNotFound(query.old_ward_code));
    const newProvinceCode = entry.old.province_code ? legacyProvinceByCode.get(entry.old.province_code)?.new_province_code : undefined;
    const newProvince = newProvinceCode ? provinceByCode.get(newProvinceCode) : undefined;
    const answer: WardMappingAnswer = {
      old_ward: entry.old,
      new_province: newProvince ? { code: newProvince.code, name: newProvince.name } : null,
      wards: entry.wards.map((code) => {
        const ward = wardByCode.get(code)!;
        return {
          code,
          name: ward.name,
          province_code: ward.province_code,
          province_name: provinceByCode.get(ward.province_code)?.name ?? '',
        };
      }),
      split: entry.wards.length > 1,
    };
    return ok(c, answer, entry.wards.length === 0 ? { message: LOCATION_MESSAGES.noMapping } : {});
  });

  return app;
}
