/**
 * The customer list's filter state (spec §3 "Customer filter: page, limit, search,
 * filterCustomerType, filterUserSale, filterCustomerGroup, filterCustomerLevel, tabFilter"), kept
 * in the URL so a reload or a shared link shows the same list. Defaults: page 1, limit 10.
 */
import * as v from 'valibot';
import { CUSTOMER_TABS, type CustomerTab } from '../../../../contract/customer';

const positive = (fallback: number, max: number) => v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max)), fallback);
const optionalNumber = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined);
const optionalText = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(100))), undefined);

export const CustomerFilterSchema = v.object({
  page: positive(1, 100_000),
  limit: positive(10, 200),
  search: optionalText,
  /** Business type (Nhà thuốc, Phòng khám…). */
  filterCustomerType: optionalText,
  filterUserSale: optionalNumber,
  filterCustomerGroup: optionalNumber,
  filterCustomerLevel: optionalNumber,
  tabFilter: v.fallback(v.optional(v.picklist(CUSTOMER_TABS)), undefined),
});

export type CustomerFilter = v.InferOutput<typeof CustomerFilterSchema>;

/** Query parameters of GET customer/ for a filter. */
export function toCustomerQuery(companyId: number, filter: CustomerFilter) {
  return {
    company: companyId,
    page: filter.page,
    limit: filter.limit,
    search: filter.search?.trim() || undefined,
    kind: filter.filterCustomerType,
    staff: filter.filterUserSale,
    customer_type: filter.filterCustomerGroup,
    level: filter.filterCustomerLevel,
    tab: (filter.tabFilter ?? 'all') as CustomerTab,
  };
}
