/**
 * The bell counts what waits on the person: the server's unread notifications and the ops this
 * device queued that the server refused (only the device knows those); opened, it lists the latest
 * and leads to the refused ops.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationRecord } from '@contract/notifications';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type OutboxRow } from '@/db/app-db';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { NotificationBell } from './notification-bell';

const WAITING: NotificationRecord = {
  id: 41,
  kind: 'discount_approval',
  company: TEST_COMPANY.id,
  title: 'Đơn DH000042 chờ duyệt chiết khấu',
  body: 'Nhà thuốc Minh Châu. Chiết khấu 35 % vượt mức tối đa 10 %',
  link: '/order/01a211d3-8f15-70d9-bb52-3627ac777001',
  created_at: '2026-11-27T03:04:05.000Z',
  read: false,
  resolved: false,
};

function refusedOp(companyId: number): OutboxRow {
  return {
    opId: uuidv7(),
    companyId,
    accountId: 9,
    type: 'customer.create',
    payload: {},
    schemaVersion: 1,
    clientCreatedAt: new Date().toISOString(),
    dependsOn: [],
    entity: null,
    state: 'rejected',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: { kind: 'rejected', code: 'CUSTOMER_NOT_FOUND', message: 'Không tìm thấy khách hàng' },
    result: null,
    doneAt: null,
  };
}

let db: AppDb;
beforeEach(() => {
  db = new AppDb(`bell-${uuidv7()}`);
  enterWorkspace(ADMIN_ACCESS);
});
afterEach(async () => {
  leaveWorkspace();
  vi.unstubAllGlobals();
  await db.delete();
});

describe('the bell', () => {
  it('counts the unread notifications and the refused ops of this device in this company', async () => {
    serveApi({
      '/notification/api/unread/': { data: { count: 2, latest_id: 41 } },
      '/notification/api/notification/': { data: [WAITING], count: 1 },
    });
    await db.outbox.bulkAdd([refusedOp(TEST_COMPANY.id), { ...refusedOp(TEST_COMPANY.id), state: 'done' }, refusedOp(TEST_COMPANY.id + 1)]);
    renderScreen(<NotificationBell db={db} companyId={TEST_COMPANY.id} />);
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Thông báo: 3 chưa đọc'));

    fireEvent.click(screen.getByTestId('notification-bell'));
    await screen.findByText('Đơn DH000042 chờ duyệt chiết khấu');
    expect(screen.getByText('Đơn chờ duyệt chiết khấu')).toBeTruthy();
    expect(screen.getByTestId('device-refusals').textContent).toBe('1 thao tác trên thiết bị này bị máy chủ từ chối, cần bạn xem lại');
  });

  it('shows no count when nothing waits', async () => {
    serveApi({ '/notification/api/unread/': { data: { count: 0, latest_id: null } } });
    renderScreen(<NotificationBell db={db} companyId={TEST_COMPANY.id} />);
    await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Thông báo'));
  });
});
