import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '@/sync/sync-status';
import { statusLabel } from './status-label';

const base: SyncStatus = {
  phase: 'idle',
  online: true,
  pending: 0,
  rejected: 0,
  authPaused: false,
  updateRequired: false,
  lastSyncedAt: '2026-11-21T03:42:00.000Z',
  progress: null,
  lastError: null,
};
const time = () => '10:42';

describe('statusLabel', () => {
  it('says when everything is synced', () => {
    expect(statusLabel(base, time)).toEqual({ text: 'Đã đồng bộ 10:42', tone: 'synced' });
  });
  it('says how much is waiting offline, and that it is saved on the device', () => {
    expect(statusLabel({ ...base, online: false, pending: 3 }, time)).toEqual({
      text: 'Ngoại tuyến – 3 thao tác đang chờ gửi (đã lưu trên máy)',
      tone: 'offline',
    });
  });
  it('puts what needs the person first', () => {
    expect(statusLabel({ ...base, rejected: 1, phase: 'pushing' }, time).text).toBe('Cần xử lý: 1 thao tác bị từ chối');
    expect(statusLabel({ ...base, authPaused: true, rejected: 1 }, time).text).toBe('Phiên đăng nhập hết hạn – đăng nhập để gửi');
    expect(statusLabel({ ...base, updateRequired: true }, time).text).toBe('Cần cập nhật ứng dụng');
  });
  it('says when a sync runs', () => {
    expect(statusLabel({ ...base, phase: 'pulling' }, time)).toEqual({ text: 'Đang đồng bộ…', tone: 'busy' });
  });
});
