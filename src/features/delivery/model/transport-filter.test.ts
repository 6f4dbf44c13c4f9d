import { describe, expect, it } from 'vitest';
import { applyTransportFilterChange, compactTransportFilter, parseTransportFilter, toDeliveryQuery } from './transport-filter';

describe('/transport’s filter in the URL', () => {
  it('reads the spec’s names and drops what it does not know', () => {
    const filter = parseTransportFilter({
      page: 2,
      limit: 20,
      search: 'VD0001',
      dateRange: ['2026-11-01', '2026-11-27'],
      printStatus: 'not_printed',
      typeFilterTransport: 'ghn',
      statusOrderDLO: 'delivering',
      cod: 'mismatch',
      other: 'x',
    });
    expect(filter).toEqual({
      page: 2,
      limit: 20,
      search: 'VD0001',
      dateRange: ['2026-11-01', '2026-11-27'],
      printStatus: 'not_printed',
      typeFilterTransport: 'ghn',
      statusOrderDLO: 'delivering',
      cod: 'mismatch',
    });
  });

  it('falls back to the defaults for bad values and turns a backwards range round', () => {
    const filter = parseTransportFilter({
      page: -3,
      limit: 9999,
      typeFilterTransport: 'dhl',
      statusOrderDLO: 'flying',
      dateRange: ['2026-11-27', '2026-11-01'],
    });
    expect(filter).toMatchObject({
      page: 1,
      limit: 10,
      typeFilterTransport: undefined,
      statusOrderDLO: undefined,
      dateRange: ['2026-11-01', '2026-11-27'],
    });
  });

  it('keeps the URL short and goes back to page 1 on a change', () => {
    const filter = parseTransportFilter({ page: 3, statusOrderDLO: 'delivered' });
    const next = applyTransportFilterChange(filter, { search: '  GHN12 ' });
    expect(compactTransportFilter(next)).toEqual({ search: 'GHN12', statusOrderDLO: 'delivered' });
  });

  it('asks the server with its own parameter names', () => {
    const filter = parseTransportFilter({ dateRange: [null, '2026-11-27'], typeFilterTransport: 'self', printStatus: 'printed' });
    expect(toDeliveryQuery(7, filter)).toEqual({
      company: 7,
      page: 1,
      limit: 10,
      search: undefined,
      date_from: undefined,
      date_to: '2026-11-27',
      print_status: 'printed',
      carrier: 'self',
      status: undefined,
      cod: undefined,
    });
  });
});
