/**
 * /invoices' filter in its URL (page, limit, search, status), so a reload or a shared link shows
 * the same list. The router reads `search=00000012` as a number: it is kept as the text typed.
 */
import * as v from 'valibot';
import { INVOICE_STATUSES } from '@contract/invoices';

export const INVOICE_PAGE_SIZES = [10, 20, 50, 100] as const;

const positive = (fallback: number, max: number) => v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(max)), fallback);

const InvoiceFilterSchema = v.object({
  page: positive(1, 100_000),
  limit: positive(10, 100),
  search: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.string(), v.number()]),
        v.transform((value) => String(value).trim()),
        v.maxLength(100),
        v.check((value) => value !== ''),
      ),
    ),
    undefined,
  ),
  status: v.fallback(v.optional(v.picklist(INVOICE_STATUSES)), undefined),
});

export type InvoiceFilter = v.InferOutput<typeof InvoiceFilterSchema>;

export function parseInvoiceFilter(search: unknown): InvoiceFilter {
  return v.parse(InvoiceFilterSchema, typeof search === 'object' && search !== null ? search : {});
}

/** Without the defaults and empty values: what the URL shows. */
export function compactInvoiceFilter(filter: InvoiceFilter): Partial<InvoiceFilter> {
  const out: Partial<InvoiceFilter> = {};
  if (filter.page !== 1) out.page = filter.page;
  if (filter.limit !== 10) out.limit = filter.limit;
  if (filter.search) out.search = filter.search;
  if (filter.status) out.status = filter.status;
  return out;
}
