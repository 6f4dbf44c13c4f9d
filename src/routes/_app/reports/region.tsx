import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/reports/region')({
  staticData: { title: 'Báo cáo khu vực', feature: 'REPORT-REGION' },
  component: () => <ComingSoon title="Báo cáo khu vực" />,
});
