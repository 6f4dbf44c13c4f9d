/**
 * The customer list's filter state (product-spec.md §3 "Customer filter: page, limit, search,
 * filterCustomerType, filterUserSale, filterCustomerGroup, filterCustomerLevel, tabFilter"), kept
 * in the URL so a reload or a shared link shows the same list. Defaults: page 1, limit 10.
 */
import * as v from 'valibot';
import { CUSTOMER_TABS, LICENCE_STATES, type CustomerTab } from '@contract/customers-tabs';
import { pageQuery } from '@/lib/page-query';
import { pageFields } from '@/ui/list-page/url-filter';

const optionalNumber = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined);
const optionalText = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined);

export const CustomerFilterSchema = v.object({
  ...pageFields(),
  search: optionalText,
  /** Business type (Nhà thuốc, Phòng khám…). */
  filterCustomerType: optionalText,
  filterUserSale: optionalNumber,
  filterCustomerGroup: optionalNumber,
  filterCustomerLevel: optionalNumber,
  /** How the licence stands: còn hạn, sắp hết hạn, hết hạn, chưa có (docs/pharma.md "The customer's papers"). */
  filterLicence: v.fallback(v.optional(v.picklist(LICENCE_STATES)), undefined),
  tabFilter: v.fallback(v.optional(v.picklist(CUSTOMER_TABS)), undefined),
});

export type CustomerFilter = v.InferOutput<typeof CustomerFilterSchema>;

/** Query parameters of GET customer/ for a filter. */
export function toCustomerQuery(companyId: number, filter: CustomerFilter) {
  return {
    ...pageQuery(companyId, filter),
    kind: filter.filterCustomerType,
    staff: filter.filterUserSale,
    customer_type: filter.filterCustomerGroup,
    level: filter.filterCustomerLevel,
    licence: filter.filterLicence,
    tab: (filter.tabFilter ?? 'all') as CustomerTab,
  };
}

/** The filter fields a person changes; any of them sends the list back to page 1 (product-spec.md §4). */
export type CustomerFilterPatch = Partial<Omit<CustomerFilter, 'page'>>;

/** The next filter after a change: the patch applied, page back to 1, empty values dropped. */
export function applyFilterChange(filter: CustomerFilter, patch: CustomerFilterPatch): CustomerFilter {
  const next: CustomerFilter = { ...filter, ...patch, page: 1 };
  if (!next.search?.trim()) next.search = undefined;
  if (!next.filterCustomerType) next.filterCustomerType = undefined;
  if (next.tabFilter === 'all') next.tabFilter = undefined;
  return next;
}

/** How many of the drop-down filters (group, level, staff, business type, licence) are set. */
export function activeFilterCount(filter: CustomerFilter): number {
  return [
    filter.filterCustomerGroup,
    filter.filterCustomerLevel,
    filter.filterUserSale,
    filter.filterCustomerType,
    filter.filterLicence,
  ].filter((value) => value !== undefined && value !== '').length;
}
