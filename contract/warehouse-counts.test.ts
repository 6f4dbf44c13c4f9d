import { describe, expect, it } from 'vitest';
import { mergeCountSheets, type CountSheet } from './warehouse-counts';

const sheet = (accountId: number, quantity: number, lotId: number | null = 7): CountSheet => ({
  accountId,
  lines: [{ variantId: 1, lotId, quantity }],
});

describe('mergeCountSheets', () => {
  const sheets = [sheet(10, 40), sheet(11, 25), sheet(10, 44), sheet(11, 20, null)];
  it('sum: each counter’s latest figure for a lot, added over the counters', () => {
    expect(mergeCountSheets(sheets, 'sum')).toEqual(
      new Map([
        ['1|7', 44 + 25],
        ['1|', 20],
      ]),
    );
  });
  it('latest: the last figure anyone sent for a lot', () => {
    expect(mergeCountSheets(sheets, 'latest')).toEqual(
      new Map([
        ['1|7', 44],
        ['1|', 20],
      ]),
    );
    expect(mergeCountSheets([sheet(10, 44), sheet(11, 25)], 'latest').get('1|7')).toBe(25);
  });
  it('a recount by the same person replaces their figure either way', () => {
    for (const merge of ['sum', 'latest'] as const) expect(mergeCountSheets([sheet(10, 5), sheet(10, 3)], merge).get('1|7')).toBe(3);
  });
});
