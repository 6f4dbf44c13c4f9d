import { describe, expect, it } from 'vitest';
import { compactInvoiceFilter, parseInvoiceFilter } from './invoice-filter';

describe('invoice filter', () => {
  it('reads the URL with the defaults and drops what it cannot use', () => {
    expect(parseInvoiceFilter({})).toEqual({ page: 1, limit: 10, search: undefined, status: undefined });
    expect(parseInvoiceFilter({ page: 3, limit: 500, search: 12, status: 'lost' })).toEqual({
      page: 3,
      limit: 10,
      search: '12',
      status: undefined,
    });
    expect(parseInvoiceFilter({ status: 'issued', search: '  ' })).toMatchObject({ status: 'issued', search: undefined });
  });

  it('leaves the defaults out of the URL', () => {
    expect(compactInvoiceFilter({ page: 1, limit: 10, search: undefined, status: undefined })).toEqual({});
    expect(compactInvoiceFilter({ page: 2, limit: 20, search: '0000', status: 'failed' })).toEqual({
      page: 2,
      limit: 20,
      search: '0000',
      status: 'failed',
    });
  });
});
