import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { ProductsReportPage } from '@/features/reports/components/report-screens';
import { ReportRoute } from '@/features/reports/components/report-route';
import { parseReportSearch, type ReportSearch } from '@/features/reports/model/report-search';

export const Route = createFileRoute('/_app/reports/products')({
  staticData: { title: 'Báo cáo sản phẩm', feature: 'REPORT-PRODUCT' },
  validateSearch: (search: ReportSearch & SearchSchemaInput) => parseReportSearch(search),
  component: function ProductsReportRoute() {
    const navigate = useNavigate({ from: Route.fullPath });
    return (
      <ReportRoute
        page={ProductsReportPage}
        search={Route.useSearch()}
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    );
  },
});
