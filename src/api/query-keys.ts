/**
 * The TanStack Query keys of one area of the app for one company. Every read starts with
 * [area, company], so invalidating `all` after a write refreshes the area's lists and details.
 */
export function companyQueryKeys<const Area extends string>(area: Area) {
  return {
    all: (companyId: number) => [area, companyId] as const,
    of: (companyId: number, ...rest: unknown[]) => [area, companyId, ...rest] as const,
  };
}
