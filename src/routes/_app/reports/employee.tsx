import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/reports/employee')({
  staticData: { title: 'Báo cáo nhân viên', feature: 'REPORT-STAFF' },
  component: () => <ComingSoon title="Báo cáo nhân viên" />,
});
