import { describe, expect, it } from 'vitest';
import { showsScrollToBottom, showsScrollToTop } from './scroll-rules';

describe('scroll buttons', () => {
  it('shows scroll-to-top after 50 px of scroll, except on /order/create', () => {
    expect(showsScrollToTop('/customers', 50)).toBe(false);
    expect(showsScrollToTop('/customers', 51)).toBe(true);
    expect(showsScrollToTop('/order/create', 500)).toBe(false);
  });

  it('shows scroll-to-bottom only on the listed pages while away from the bottom', () => {
    for (const page of ['/order', '/pharmacist', '/product', '/dashboard', '/customers', '/employees']) {
      expect(showsScrollToBottom(page, 400)).toBe(true);
      expect(showsScrollToBottom(page, 10)).toBe(false);
    }
    expect(showsScrollToBottom('/promotion', 400)).toBe(false);
    expect(showsScrollToBottom('/customers/12', 400)).toBe(false);
  });
});
