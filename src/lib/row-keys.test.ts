import { describe, expect, it } from 'vitest';
import { rowKeys } from './row-keys';

describe('rowKeys', () => {
  it('gives each row its own key, counting per form', () => {
    const line = rowKeys('line-');
    const tier = rowKeys('t');
    expect([line(), line(), tier(), line()]).toEqual(['line-1', 'line-2', 't1', 'line-3']);
  });
});
