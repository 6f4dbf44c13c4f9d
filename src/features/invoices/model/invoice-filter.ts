/**
 * /invoices' filter in its URL (page, limit, search, status), so a reload or a shared link shows
 * the same list. The router reads `search=00000012` as a number: it is kept as the text typed.
 */
import * as v from 'valibot';
import { INVOICE_STATUSES } from '@contract/invoices';
import { compactFilter, pageFields, searchField } from '@/ui/list-page/url-filter';

export const INVOICE_PAGE_SIZES = [10, 20, 50, 100] as const;

const InvoiceFilterSchema = v.object({
  ...pageFields(100),
  search: searchField,
  status: v.fallback(v.optional(v.picklist(INVOICE_STATUSES)), undefined),
});

export type InvoiceFilter = v.InferOutput<typeof InvoiceFilterSchema>;

export function parseInvoiceFilter(search: unknown): InvoiceFilter {
  return v.parse(InvoiceFilterSchema, typeof search === 'object' && search !== null ? search : {});
}

/** Without the defaults and empty values: what the URL shows. */
export function compactInvoiceFilter(filter: InvoiceFilter): Partial<InvoiceFilter> {
  return compactFilter(filter);
}
