import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/reports/promotions')({
  staticData: { title: 'Báo cáo khuyến mại', feature: 'REPORT-PROMOTION' },
  component: () => <ComingSoon title="Báo cáo khuyến mại" />,
});
