/** public/address/ (the offline picker's data) must match what the extract and the packages give today. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LegacyProvincesFile, ProvincesFile, WardMappingFile, WardsFile } from '@contract/address-units';
import { buildAddressFiles } from './address-files';
import { getLocationData } from './address-data';

const dir = path.resolve(import.meta.dirname, '../../../public/address');
const read = <T>(name: string) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as T;

describe('public/address', () => {
  it('is up to date with the extract and the packages (else run: npm run address:build)', async () => {
    const files = buildAddressFiles(await getLocationData());
    const onDisk = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(onDisk.sort()).toEqual([...files.keys()].sort());
    const stale = [...files].filter(([name, text]) => fs.readFileSync(path.join(dir, name), 'utf8') !== text).map(([name]) => name);
    expect(stale).toEqual([]);
  });

  it('holds the 34 provinces, 3,321 wards and the old → new mapping, within 600 kB', () => {
    const { provinces, replaced_wards } = read<ProvincesFile>('provinces.json');
    expect(provinces).toHaveLength(34);
    expect(replaced_wards).toEqual({ '06970': '06978', '23737': '23938' });
    const wards = provinces.flatMap((province) => read<WardsFile>(`wards-${province.code}.json`));
    expect(wards).toHaveLength(3321);
    const legacy = read<LegacyProvincesFile>('legacy-provinces.json');
    expect(legacy).toHaveLength(63);
    const hcm = read<WardMappingFile>('ward-mapping-79.json');
    expect(hcm.province).toBe('79');
    expect(hcm.wards['26740']).toEqual(['26740']);
    const total = fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
    expect(total).toBeLessThan(600 * 1024);
  });
});
