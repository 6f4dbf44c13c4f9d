/** The recall list's URL filter and the words a campaign's clock and a customer's returns are shown with. */
import { describe, expect, it } from 'vitest';
import { customerStanding, deadlineText, parseRecallSearch } from './recall-search';

describe('recall search', () => {
  it('reads the filter and the lot to open from, dropping what does not parse', () => {
    expect(parseRecallSearch({ page: 2, status: 'open', lot: 7, search: ' VD-1 ' })).toEqual({
      page: 2,
      limit: 10,
      status: 'open',
      lot: 7,
      search: 'VD-1',
    });
    expect(parseRecallSearch({ status: 'gone', lot: -1, page: 0 })).toEqual({
      page: 1,
      limit: 10,
      status: undefined,
      lot: undefined,
      search: undefined,
    });
  });
});

describe('deadline and standing words', () => {
  it('counts down to the deadline, then says how late', () => {
    expect(deadlineText('2026-12-16', '2026-12-11')).toBe('Còn 5 ngày');
    expect(deadlineText('2026-12-16', '2026-12-16')).toBe('Hết hạn hôm nay');
    expect(deadlineText('2026-12-16', '2026-12-19')).toBe('Quá hạn 3 ngày');
    expect(deadlineText('2026-12-16', '2026-12-19', 'closed')).toBe('Đã đóng');
  });

  it('names each customer standing in words', () => {
    expect(customerStanding({ shipped: 10, returned: 10, overdue: false }).label).toBe('Đã trả đủ');
    expect(customerStanding({ shipped: 10, returned: 4, overdue: true }).label).toBe('Quá hạn');
    expect(customerStanding({ shipped: 10, returned: 4, overdue: false }).label).toBe('Đã trả một phần');
    expect(customerStanding({ shipped: 10, returned: 0, overdue: false }).label).toBe('Chưa trả');
  });
});
