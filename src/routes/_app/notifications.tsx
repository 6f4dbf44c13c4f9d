import { createFileRoute } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/notifications')({
  staticData: { title: 'Thông báo' },
  component: NotificationsPage,
});

function NotificationsPage() {
  const { company } = useSession();
  if (!company) return null;
  return <NotificationList db={appDb()} companyId={company.id} />;
}
