import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { CustomerReportPage } from '@/features/reports/components/report-screens';
import { ReportRoute } from '@/features/reports/components/report-route';
import { parseReportSearch, type ReportSearch } from '@/features/reports/model/report-search';

export const Route = createFileRoute('/_app/reports/customer')({
  staticData: { title: 'Báo cáo khách hàng', feature: 'REPORT-CUSTOMER' },
  validateSearch: (search: ReportSearch & SearchSchemaInput) => parseReportSearch(search),
  component: function CustomerReportRoute() {
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ReportRoute
        page={CustomerReportPage}
        search={Route.useSearch()}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
