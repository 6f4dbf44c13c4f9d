/** What a report page gets from its route: the company, the filter in the URL and how to change it. */
import type { ReportSearch } from '../model/report-search';

export type ReportPageProps = {
  companyId: number;
  search: ReportSearch;
  onSearch: (next: ReportSearch) => void;
  isMobile: boolean;
};
