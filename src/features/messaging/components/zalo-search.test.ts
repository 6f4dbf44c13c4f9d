import { describe, expect, it } from 'vitest';
import { parseZaloSearch } from './zalo-search';

describe('the /zalo-oa address', () => {
  it("keeps a known tab, the connected OA and Zalo's error; drops anything else", () => {
    expect(parseZaloSearch({ tab: 'inbox', connected: '3', zalo_error: 'Bạn chưa cho phép' })).toEqual({
      tab: 'inbox',
      connected: 3,
      zalo_error: 'Bạn chưa cho phép',
    });
    expect(parseZaloSearch({ tab: 'x', connected: '-1', zalo_error: 5 })).toEqual({
      tab: undefined,
      connected: undefined,
      zalo_error: undefined,
    });
  });
});
