/**
 * Sign-out as the app does it: refuse while this person's work is still only on the device (and
 * say why), otherwise end the session, forget cached server data and go to the login page.
 * `force` is for a session the server already ended (password changed): the queued work stays on
 * the device and is sent after the next sign-in.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { appDb } from '@/db/app-db';
import { signOut } from '@/features/auth/model/session-actions';
import { stopPush } from '@/features/notifications/model/push-subscription';
import { getUserAccount } from '@/session/session-store';
import { syncNow } from '@/sync/engine';
import { unsentOpCount } from '@/sync/pending-work';

export function useSignOut(): (options?: { force?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (options = {}) => {
      const account = getUserAccount();
      const unsent = account && !options.force ? await unsentOpCount(appDb(), account.id) : 0;
      if (unsent > 0) {
        const { openConfirm } = await import('@/ui/confirm-dialog');
        await openConfirm({
          title: 'Chưa thể đăng xuất',
          icon: 'error',
          message: `Còn ${unsent} thao tác chưa gửi lên máy chủ (đang lưu trên máy này). Đăng xuất lúc này có thể làm mất dữ liệu, vì vậy ứng dụng không cho đăng xuất. Hãy kết nối mạng và đồng bộ trước.`,
          okLabel: 'Đồng bộ ngay',
          onOk: () => {
            void syncNow();
            return true;
          },
        });
        return;
      }
      // The next person on this browser must not receive this one's notifications.
      await stopPush().catch(() => undefined);
      await signOut();
      queryClient.clear();
      await navigate({ to: '/login' });
    },
    [navigate, queryClient],
  );
}
