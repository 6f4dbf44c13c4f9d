import { act, configure, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { AppDb, type LocalOrder } from '@/db/app-db';
import { updateSyncStatus } from '@/sync/sync-status';
import { DEFAULT_ORDER_FILTER } from '../api/order-filter-search';
import { OrderListView } from './order-list-view';

// The screen reads IndexedDB; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

let db: AppDb;

/** An order of the company as the device keeps it: taken by the server (a code) unless `syncState` says otherwise. */
function order(code: string | null, customer: string, minute: number, syncState: LocalOrder['syncState'] = 'synced'): LocalOrder {
  const at = `2026-11-21T03:${String(minute).padStart(2, '0')}:00.000Z`;
  return {
    id: uuidv7(),
    company: TEST_COMPANY.id,
    code,
    local_no: `LVK-AB12-${minute}`,
    status: 'pending',
    status_reason: null,
    payment_status: 'unpaid',
    customer_id: uuidv7(),
    customer_code: 'KH000002',
    customer_name: customer,
    customer_phone: null,
    customer_address: '45 Hai Bà Trưng, Phường Sài Gòn, Thành phố Hồ Chí Minh',
    province_code: '79',
    ward_code: '26740',
    account_id: TEST_ACCOUNT.id,
    account_name: TEST_ACCOUNT.full_name,
    visit_id: null,
    group_id: null,
    delivery_date: null,
    note: null,
    vat_on: true,
    lines: [],
    subtotal: 100_000,
    discount_total: 0,
    promotion_total: 0,
    promotions: [],
    vat_total: 0,
    total: 100_000,
    created_at: at,
    received_at: at,
    updated_at: at,
    syncState,
    error: null,
    changes: [],
  };
}

const record = ({ syncState: _syncState, error: _error, changes: _changes, ...rest }: LocalOrder): OrderRecord => rest;

/**
 * The network as the test sets it: down (fetch fails as a browser's does offline), or up with the
 * order list's answer held until `answer()` lets it go; the other calls of the screen answer at once.
 */
function network(serverRows: OrderRecord[]) {
  let down = false;
  let release: () => void = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    if (down) throw new TypeError('Failed to fetch');
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
    if (!path.startsWith('/api/order/api/ordercompany/')) return Response.json({ code: 200, data: {} });
    await held;
    return Response.json({ code: 200, data: serverRows, count: serverRows.length, bonus: { total_amount: 100_000 * serverRows.length } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const listCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/ordercompany/')).length;
  return {
    listCalls,
    offline: () => {
      down = true;
      updateSyncStatus({ online: false });
    },
    /** Back online, the list's next answer held again. */
    online: () => {
      held = new Promise<void>((resolve) => (release = resolve));
      down = false;
      updateSyncStatus({ online: true });
    },
    answer: () => release(),
  };
}

function renderList() {
  renderScreen(
    <OrderListView
      db={db}
      companyId={TEST_COMPANY.id}
      filter={DEFAULT_ORDER_FILTER}
      onFilter={() => {}}
      staffLabel="Trình dược viên"
      isMobile
    />,
  );
}

const shownCodes = () => screen.queryAllByTestId('order-row').map((row) => within(row).getByText(/^DH\d+$/).textContent);

beforeEach(async () => {
  db = new AppDb(`order-list-view-${uuidv7()}`);
  await db.open();
  enterWorkspace(ADMIN_ACCESS);
});
afterEach(async () => {
  leaveWorkspace();
  vi.unstubAllGlobals();
  updateSyncStatus({ online: true });
  db.close();
  await Dexie.delete(db.name);
});

describe('OrderListView while the server has not answered', () => {
  it('shows the orders the device holds (newest first, none still unsent) until the server answers, then the server’s', async () => {
    await db.orders.bulkPut([
      order('DH000041', 'Nhà thuốc Phúc An', 1),
      order('DH000042', 'Nhà thuốc Minh Châu', 2),
      order(null, 'Nhà thuốc Hồng Đức', 3, 'pending'),
    ]);
    const net = network([record(order('DH000043', 'Nhà thuốc Tâm Bình', 4)), record(order('DH000042', 'Nhà thuốc Minh Châu', 2))]);
    renderList();

    await waitFor(() => expect(shownCodes()).toEqual(['DH000042', 'DH000041']));
    expect(net.listCalls()).toBe(1);
    expect(screen.getByTestId('order-list-device').textContent).toBe(
      'Đang tải danh sách từ máy chủ, tạm hiện các đơn hàng có trên máy này.',
    );

    net.answer();
    await waitFor(() => expect(shownCodes()).toEqual(['DH000043', 'DH000042']));
    expect(screen.queryByTestId('order-list-device')).toBeNull();
  });

  it('keeps the device’s orders on screen offline and on the way back online, never an empty list', async () => {
    await db.orders.bulkPut([order('DH000041', 'Nhà thuốc Phúc An', 1), order('DH000042', 'Nhà thuốc Minh Châu', 2)]);
    const net = network([record(order('DH000043', 'Nhà thuốc Tâm Bình', 4))]);
    net.offline();
    renderList();

    await waitFor(() => expect(screen.getByTestId('order-list-device').textContent).toContain('Không có kết nối mạng'));
    expect(shownCodes()).toEqual(['DH000042', 'DH000041']);
    expect(screen.queryByTestId('order-list-offline')).toBeNull();
    // A move needs the server: no check boxes offline.
    expect(screen.queryAllByRole('checkbox')).toEqual([]);

    const before = net.listCalls();
    act(() => net.online());
    // Asked again at once, and while the answer is on its way the rows stay.
    await waitFor(() => expect(net.listCalls()).toBeGreaterThan(before));
    expect(shownCodes()).toEqual(['DH000042', 'DH000041']);
    expect(screen.queryByRole('progressbar')).toBeNull();

    net.answer();
    await waitFor(() => expect(shownCodes()).toEqual(['DH000043']));
    expect(screen.queryByTestId('order-list-device')).toBeNull();
  });

  it('says the list needs the server when it cannot be reached and the device holds none of the company’s orders', async () => {
    await db.orders.put(order(null, 'Nhà thuốc Hồng Đức', 3, 'pending'));
    const net = network([]);
    net.offline();
    renderList();

    expect((await screen.findByTestId('order-list-offline')).textContent).toContain('danh sách đơn hàng của công ty cần máy chủ');
    expect(screen.queryAllByTestId('order-row')).toEqual([]);
  });
});
