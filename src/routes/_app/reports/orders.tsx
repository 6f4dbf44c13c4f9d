import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { OrdersReportPage } from '@/features/reports/components/report-screens';
import { ReportRoute } from '@/features/reports/components/report-route';
import { parseReportSearch, type ReportSearch } from '@/features/reports/model/report-search';

export const Route = createFileRoute('/_app/reports/orders')({
  staticData: { title: 'Báo cáo đơn hàng', feature: 'REPORT-ORDER-REVENUA' },
  validateSearch: (search: ReportSearch & SearchSchemaInput) => parseReportSearch(search),
  component: function OrdersReportRoute() {
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ReportRoute page={OrdersReportPage} search={Route.useSearch()} onSearch={(next) => void navigate({ search: next, replace: true })} />
    );
  },
});
