import { createFileRoute } from '@tanstack/react-router';
import { ReportSettingsPage } from '@/features/reports/components/report-screens';
import { useSession } from '@/session/session-store';

// Reached from the "Cấu hình" menu whatever reports are on: it is where they are turned on.
export const Route = createFileRoute('/_app/reports/settings')({
  staticData: { title: 'Cấu hình báo cáo' },
  component: function ReportSettingsRoute() {
    const { company } = useSession();
    return company ? <ReportSettingsPage companyId={company.id} /> : null;
  },
});
