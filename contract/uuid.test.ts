import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from './uuid';

describe('uuidv7', () => {
  it('makes valid, unique version-7 ids that sort by creation time', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => uuidv7(1_700_000_000_000 + i));
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every(isUuid)).toBe(true);
    expect(ids.every((id) => id[14] === '7')).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });

  it('refuses what is not a uuid', () => {
    expect(isUuid('abc')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
