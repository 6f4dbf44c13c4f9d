import { createFileRoute } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { AttendancePage } from '@/features/attendance/components/attendance-page';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/_app/attendance')({
  staticData: { title: 'Chấm công' },
  component: AttendanceRoute,
});

function AttendanceRoute() {
  const { account, company } = useSession();
  const isMobile = useIsMobile();
  if (!account || !company) return null;
  return <AttendancePage db={appDb()} companyId={company.id} accountId={account.id} accountName={account.full_name} isMobile={isMobile} />;
}
