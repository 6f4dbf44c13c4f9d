import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { RegionReportPage } from '@/features/reports/components/report-screens';
import { ReportRoute } from '@/features/reports/components/report-route';
import { parseReportSearch, type ReportSearch } from '@/features/reports/model/report-search';

export const Route = createFileRoute('/_app/reports/region')({
  staticData: { title: 'Báo cáo khu vực', feature: 'REPORT-REGION' },
  validateSearch: (search: ReportSearch & SearchSchemaInput) => parseReportSearch(search),
  component: function RegionReportRoute() {
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ReportRoute page={RegionReportPage} search={Route.useSearch()} onSearch={(next) => void navigate({ search: next, replace: true })} />
    );
  },
});
