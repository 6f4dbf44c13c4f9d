/**
 * The one sentence the status pill says (docs/offline-sync.md "What the rep sees"), from the sync status. Pure, so
 * every state has a tested wording.
 */
import type { SyncStatus } from '@/sync/sync-status';

export type PillTone = 'synced' | 'busy' | 'offline' | 'attention';

export function statusLabel(status: SyncStatus, formatTime: (iso: string) => string): { text: string; tone: PillTone } {
  if (status.updateRequired) return { text: 'Cần cập nhật ứng dụng', tone: 'attention' };
  if (status.authPaused) return { text: 'Phiên đăng nhập hết hạn – đăng nhập để gửi', tone: 'attention' };
  if (status.rejected > 0) return { text: `Cần xử lý: ${status.rejected} thao tác bị từ chối`, tone: 'attention' };
  if (status.phase !== 'idle') return { text: 'Đang đồng bộ…', tone: 'busy' };
  if (!status.online) {
    return {
      text: status.pending > 0 ? `Ngoại tuyến – ${status.pending} thao tác đang chờ gửi (đã lưu trên máy)` : 'Ngoại tuyến',
      tone: 'offline',
    };
  }
  if (status.pending > 0) return { text: `${status.pending} thao tác đang chờ gửi`, tone: 'busy' };
  return { text: status.lastSyncedAt ? `Đã đồng bộ ${formatTime(status.lastSyncedAt)}` : 'Chưa đồng bộ', tone: 'synced' };
}
