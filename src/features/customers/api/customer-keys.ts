/**
 * TanStack Query keys of the customer area. Every customer read starts with ['customers', company]
 * (the list of `useCustomerList` too), so one invalidation refreshes lists and details after a write.
 */
export const customerKeys = {
  all: (companyId: number) => ['customers', companyId] as const,
  detail: (companyId: number, id: string) => ['customers', companyId, 'detail', id] as const,
  visits: (companyId: number, id: string) => ['customers', companyId, 'visits', id] as const,
  privacy: (companyId: number, id: string) => ['customers', companyId, 'privacy', id] as const,
  types: (companyId: number) => ['customer-types', companyId] as const,
  typeList: (companyId: number, query: { search: string; page: number; limit: number }) =>
    ['customer-types', companyId, 'list', query] as const,
  type: (companyId: number, id: number) => ['customer-types', companyId, 'detail', id] as const,
  levels: (companyId: number) => ['customer-levels', companyId] as const,
  staff: (companyId: number) => ['company-staff', companyId] as const,
  /** Outside ['customers', company]: a customer write does not change the person's columns. */
  columns: (companyId: number) => ['customer-table', companyId] as const,
};
