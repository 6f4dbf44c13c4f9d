import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { PromotionsReportPage } from '@/features/reports/components/report-screens';
import { ReportRoute } from '@/features/reports/components/report-route';
import { parseReportSearch, type ReportSearch } from '@/features/reports/model/report-search';

export const Route = createFileRoute('/_app/reports/promotions')({
  staticData: { title: 'Báo cáo khuyến mại', feature: 'REPORT-PROMOTION' },
  validateSearch: (search: ReportSearch & SearchSchemaInput) => parseReportSearch(search),
  component: function PromotionsReportRoute() {
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ReportRoute
        page={PromotionsReportPage}
        search={Route.useSearch()}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
