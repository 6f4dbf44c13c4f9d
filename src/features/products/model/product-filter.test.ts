import * as v from 'valibot';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSavedFilter, readSavedFilter, saveFilter, sectionToClear } from '@/session/saved-filters';
import { savedFilterToRestore } from '@/ui/list-page/url-filter';
import {
  activeFilterCount,
  applyFilterChange,
  isDefaultFilter,
  PRODUCT_LIST_SLOT,
  ProductFilterSchema,
  readSavedLists,
  toProductQuery,
  VARIANT_LIST_SLOT,
  VariantFilterSchema,
  withSavedList,
} from './product-filter';

describe('product filter state', () => {
  it('defaults to page 1, limit 10 and drops anything unreadable from the URL', () => {
    expect(v.parse(ProductFilterSchema, {})).toEqual({ page: 1, limit: 10 });
    expect(v.parse(ProductFilterSchema, { page: -3, limit: 5000, brand: 'x', ordering: 'price', search: 'para' })).toEqual({
      page: 1,
      limit: 10,
      search: 'para',
    });
    // The router reads `search=123` (a code typed in a link) as the number 123: it is the text typed.
    expect(v.parse(ProductFilterSchema, { search: 8934567 }).search).toBe('8934567');
  });

  it('maps the spec names to the API query (productCategory → category, productGroup → group)', () => {
    const filter = v.parse(VariantFilterSchema, {
      page: 2,
      limit: 20,
      search: '  hapacol ',
      brand: 3,
      productCategory: 4,
      productGroup: 5,
      ordering: '-code',
      barcode: ' 893 ',
    });
    expect(toProductQuery(9, filter)).toEqual({
      company: 9,
      page: 2,
      limit: 20,
      search: 'hapacol',
      brand: 3,
      category: 4,
      group: 5,
      ordering: '-code',
      barcode: '893',
    });
    expect(toProductQuery(9, v.parse(ProductFilterSchema, {}))).toMatchObject({ search: undefined, ordering: 'name', barcode: undefined });
  });

  it('reads the drug master filters from the URL, drops unknown values, and sends them in the API query', () => {
    const filter = v.parse(ProductFilterSchema, {
      prescription: 'true',
      controlledClass: 'psychotropic',
      storage: 'cold',
      registration: 'expiring',
    });
    expect(toProductQuery(9, filter)).toMatchObject({
      prescription: 'true',
      controlled_class: 'psychotropic',
      storage: 'cold',
      registration: 'expiring',
    });
    expect(activeFilterCount(filter)).toBe(4);
    expect(isDefaultFilter(filter)).toBe(false);
    const odd = v.parse(ProductFilterSchema, { prescription: 'yes', controlledClass: 'opium', storage: 'hot', registration: 'soon' });
    expect(odd).toEqual({ page: 1, limit: 10 });
  });

  it('goes back to page 1 on any change and drops empty values', () => {
    const filter = v.parse(ProductFilterSchema, { page: 4, limit: 20, search: 'abc', brand: 2 });
    const next = applyFilterChange(filter, { search: '  ', productGroup: 7, ordering: 'name' });
    expect(next).toEqual({ page: 1, limit: 20, search: undefined, brand: 2, productGroup: 7, ordering: undefined });
    expect(activeFilterCount(next)).toBe(2);
    expect(isDefaultFilter(v.parse(ProductFilterSchema, { ordering: 'name' }))).toBe(true);
    expect(isDefaultFilter(next)).toBe(false);
  });
});

describe('saved filters (product-spec.md §3 per-section saved filters, §2 rule 4)', () => {
  beforeEach(() => clearSavedFilter('product'));

  it('restores the saved list state on arriving with a bare URL, not when the URL says otherwise', () => {
    const filter = v.parse(ProductFilterSchema, { page: 3, search: 'para', brand: 2 });
    saveFilter('product', PRODUCT_LIST_SLOT.write(readSavedFilter('product'), filter));
    saveFilter('product', VARIANT_LIST_SLOT.write(readSavedFilter('product'), v.parse(VariantFilterSchema, { barcode: '893' })));

    const bare = v.parse(VariantFilterSchema, {});
    expect(savedFilterToRestore(bare, PRODUCT_LIST_SLOT)).toEqual({ page: 3, limit: 10, search: 'para', brand: 2 });
    expect(savedFilterToRestore(bare, VARIANT_LIST_SLOT)).toEqual({ page: 1, limit: 10, barcode: '893' });
    expect(savedFilterToRestore({ ...bare, page: 2 }, PRODUCT_LIST_SLOT)).toBeNull();
  });

  it('has nothing to restore after leaving the section, for defaults, or for a broken slot', () => {
    saveFilter('product', withSavedList(null, 'products', v.parse(ProductFilterSchema, { search: 'x' })));
    const left = sectionToClear('/product', '/dashboard');
    expect(left).toBe('product');
    clearSavedFilter(left!);
    expect(savedFilterToRestore(v.parse(ProductFilterSchema, {}), PRODUCT_LIST_SLOT)).toBeNull();
    expect(sectionToClear('/product', '/product/variant')).toBeNull();

    expect(PRODUCT_LIST_SLOT.read(withSavedList(null, 'products', v.parse(ProductFilterSchema, {})))).toBeNull();
    expect(readSavedLists('garbage')).toEqual({});
    expect(readSavedLists({ products: { page: 'x', search: { text: 42 } } })).toEqual({});
  });
});
