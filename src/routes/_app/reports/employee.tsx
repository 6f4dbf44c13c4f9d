import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { EmployeeReportPage } from '@/features/reports/components/report-screens';
import { ReportRoute } from '@/features/reports/components/report-route';
import { parseReportSearch, type ReportSearch } from '@/features/reports/model/report-search';

export const Route = createFileRoute('/_app/reports/employee')({
  staticData: { title: 'Báo cáo nhân viên', feature: 'REPORT-STAFF' },
  validateSearch: (search: ReportSearch & SearchSchemaInput) => parseReportSearch(search),
  component: function EmployeeReportRoute() {
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ReportRoute
        page={EmployeeReportPage}
        search={Route.useSearch()}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
