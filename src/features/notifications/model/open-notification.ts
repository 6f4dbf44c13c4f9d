/** Opening a notification: it is read from then on, and the app goes where it leads. */
import type { NotificationRecord } from '@contract/notifications';
import { markRead } from '../api/notifications-api';

export async function openNotification(item: NotificationRecord, go: (link: string) => void, refresh: () => unknown): Promise<void> {
  if (!item.read) {
    await markRead(item.id).catch(() => undefined);
    await refresh();
  }
  if (item.link) go(item.link);
}
