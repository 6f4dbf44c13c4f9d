/**
 * TanStack Query keys of the office's order area. Every order read starts with ['orders', company]
 * (lists, counts, details), so one invalidation after a write refreshes all of them.
 */
export const orderKeys = {
  all: (companyId: number) => ['orders', companyId] as const,
  list: (companyId: number, query: object) => ['orders', companyId, 'list', query] as const,
  counts: (companyId: number, query: object) => ['orders', companyId, 'counts', query] as const,
  detail: (companyId: number, id: string) => ['orders', companyId, 'detail', id] as const,
  columns: (companyId: number) => ['order-table', companyId] as const,
  types: (companyId: number) => ['order-types', companyId] as const,
  typeMembers: (companyId: number) => ['order-types', companyId, 'members'] as const,
  groups: (companyId: number) => ['order-groups', companyId] as const,
  groupList: (companyId: number, query: object) => ['order-groups', companyId, 'list', query] as const,
  group: (companyId: number, id: number) => ['order-groups', companyId, 'detail', id] as const,
  dashboard: (companyId: number) => ['dashboard', companyId] as const,
};
