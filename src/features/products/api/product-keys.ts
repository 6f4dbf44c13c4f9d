/**
 * TanStack Query keys of the catalogue. Every catalogue read starts with ['products', company], so
 * one invalidation refreshes lists, variants and details after a write; the brand, category, group
 * and unit lists start with ['product-options', company, kind].
 */
import type { OptionKind } from '../model/option-kinds';

export const productKeys = {
  all: (companyId: number) => ['products', companyId] as const,
  list: (companyId: number, filter: unknown) => ['products', companyId, 'list', filter] as const,
  variants: (companyId: number, filter: unknown) => ['products', companyId, 'variants', filter] as const,
  detail: (companyId: number, id: number) => ['products', companyId, 'detail', id] as const,
  options: (companyId: number, kind: OptionKind) => ['product-options', companyId, kind] as const,
  optionList: (companyId: number, kind: OptionKind, query: unknown) => ['product-options', companyId, kind, 'list', query] as const,
};
