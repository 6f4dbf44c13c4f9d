/** The sync status pill and the notification bell of both workspace headers. */
import { appDb } from '@/db/app-db';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SyncStatusPill } from '@/features/sync/components/sync-status-pill';

export default function HeaderStatus({ companyId, compactPill }: { companyId: number | null; compactPill: boolean }) {
  return (
    <>
      <SyncStatusPill compact={compactPill} />
      {companyId !== null && <NotificationBell db={appDb()} companyId={companyId} />}
    </>
  );
}
