import { describe, expect, it } from 'vitest';
import { creditVerdict } from '@contract/receivables-ledger';
import { creditWarningTitle } from './credit-warning';

const standing = { who: 'Khách hàng Nhà thuốc A', exposure: 900_000, limit: 1_000_000, days: 30, max_days_overdue: 0 };

describe('the credit warning on an order', () => {
  it('is headed by what the reasons are: over the limit, overdue only, or both', () => {
    const over = creditVerdict('warn', 200_000, [standing]).reasons.join('; ');
    const overdue = creditVerdict('warn', 10_000, [{ ...standing, max_days_overdue: 12 }]).reasons.join('; ');
    const both = creditVerdict('warn', 200_000, [{ ...standing, max_days_overdue: 12 }]).reasons.join('; ');
    expect(creditWarningTitle(over)).toBe('Vượt hạn mức công nợ');
    expect(creditWarningTitle(overdue)).toBe('Có nợ quá hạn');
    expect(creditWarningTitle(both)).toBe('Vượt hạn mức và có nợ quá hạn');
  });
});
