import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/reports/orders')({
  staticData: { title: 'Báo cáo đơn hàng', feature: 'REPORT-ORDER-REVENUA' },
  component: () => <ComingSoon title="Báo cáo đơn hàng" />,
});
