/** The query of one page of a company's searched list: paging, and the search trimmed (left out when blank). */
export function pageQuery(companyId: number, list: { page: number; limit: number; search?: string }) {
  return { company: companyId, page: list.page, limit: list.limit, search: list.search?.trim() || undefined };
}
