import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/reports/products')({
  staticData: { title: 'Báo cáo sản phẩm', feature: 'REPORT-PRODUCT' },
  component: () => <ComingSoon title="Báo cáo sản phẩm" />,
});
