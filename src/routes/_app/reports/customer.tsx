import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/reports/customer')({
  staticData: { title: 'Báo cáo khách hàng', feature: 'REPORT-CUSTOMER' },
  component: () => <ComingSoon title="Báo cáo khách hàng" />,
});
