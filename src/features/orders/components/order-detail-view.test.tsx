import { act, configure, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import { uuidv7 } from '@contract/uuid';
import {
  ADMIN_ACCESS,
  enterWorkspace,
  leaveWorkspace,
  renderScreen,
  roleAccess,
  TEST_ACCOUNT,
  TEST_COMPANY,
} from '@/testing/screen-harness';
import { AppDb, type LocalOrder } from '@/db/app-db';
import { formatDateTime } from '@/lib/dates';
import { OrderDetailView } from './order-detail-view';

// The screen answers through IndexedDB; on a busy machine that takes longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

let db: AppDb;

/** A rep's order of 2 vỉ at 18.000 ₫ with 5 % VAT, as the phone wrote it before sending. */
function phoneOrder(): LocalOrder {
  const now = '2026-11-21T03:00:00.000Z';
  return {
    id: uuidv7(),
    company: TEST_COMPANY.id,
    code: null,
    local_no: 'LVK-AB12-3',
    status: 'pending',
    status_reason: null,
    payment_status: 'unpaid',
    customer_id: uuidv7(),
    customer_code: 'KH000002',
    customer_name: 'Nhà thuốc Phúc An',
    customer_phone: '0909111222',
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
    lines: [
      {
        id: uuidv7(),
        variant_id: 3,
        product_name: 'Panadol Extra',
        variant_name: '',
        sku: 'SP000003-1',
        unit: 'vỉ',
        factor: 12,
        quantity: 2,
        unit_price: 18_000,
        list_price: 18_000,
        policy_title: null,
        discount: null,
        discount_amount: 0,
        promotion_amount: 0,
        promotions: [],
        is_gift: false,
        promotion_id: null,
        vat_rate: 5,
        vat_amount: 1_800,
        line_total: 37_800,
      },
    ],
    subtotal: 36_000,
    discount_total: 0,
    promotion_total: 0,
    promotions: [],
    vat_total: 1_800,
    total: 37_800,
    created_at: now,
    received_at: now,
    updated_at: now,
    syncState: 'pending',
    error: null,
    changes: [],
  };
}

/** The server answers GET ordercompany/{id}/ with `known()` or 404 while it returns null. */
function serveOrder(known: () => OrderRecord | null): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
    const order = path.startsWith('/api/order/api/ordercompany/') ? known() : null;
    if (order) return Response.json({ code: 200, data: order, bonus: { history: [] } });
    return Response.json({ code: 404, data: null, error: 'NOT_FOUND', message: 'Không tìm thấy đơn hàng' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDetail(id: string) {
  renderScreen(<OrderDetailView db={db} companyId={TEST_COMPANY.id} id={id} isMobile staffLabel="Trình dược viên" groupOrdersOn={false} />);
}

const code = () => screen.getByTestId('order-code').textContent;
const chip = () => screen.queryByTestId('order-chip')?.textContent ?? null;

beforeEach(async () => {
  db = new AppDb(`order-detail-${uuidv7()}`);
  await db.open();
  enterWorkspace(ADMIN_ACCESS);
});
afterEach(async () => {
  leaveWorkspace();
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

describe('OrderDetailView of an order made on this phone', () => {
  it('shows it waiting, then the official code and status once the sync has sent it, without a reload', async () => {
    const order = phoneOrder();
    await db.orders.put(order);
    let onServer: OrderRecord | null = null;
    const fetchMock = serveOrder(() => onServer);
    renderDetail(order.id);

    await waitFor(() => expect(code()).toBe('LVK-AB12-3'));
    await waitFor(() => expect(chip()).toBe('Chờ gửi'));
    expect(screen.getByTestId('order-device-copy').textContent).toContain('Đơn hàng chưa được gửi lên máy chủ');
    // The server cannot know an order still waiting to be sent: it is not asked (no 404 in the log).
    const askedForOrder = () => fetchMock.mock.calls.filter(([input]) => String(input).includes(`/ordercompany/${order.id}`)).length;
    expect(askedForOrder()).toBe(0);
    const asked = fetchMock.mock.calls.length;

    // The sync sends it: the server gives it its code, the device keeps the server's copy.
    const { syncState: _syncState, error: _error, changes: _changes, ...record } = order;
    onServer = { ...record, code: 'DH000007', received_at: '2026-11-21T03:05:00.000Z', updated_at: '2026-11-21T03:05:00.000Z' };
    await act(() => db.orders.put({ ...onServer!, syncState: 'synced', error: null, changes: [] }));

    await waitFor(() => expect(code()).toBe('DH000007'));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(asked);
    expect(askedForOrder()).toBe(1);
    expect(chip()).toBeNull();
    expect(screen.queryByTestId('order-device-copy')).toBeNull();
    expect(screen.getByText('Chờ xác nhận')).toBeTruthy();
  });

  it('shows a refusal for a raised price on the order, with the raise and the way to confirm it', async () => {
    const order = phoneOrder();
    await db.orders.put(order);
    serveOrder(() => null);
    renderDetail(order.id);
    await waitFor(() => expect(chip()).toBe('Chờ gửi'));

    await act(() =>
      db.orders.update(order.id, {
        syncState: 'rejected',
        error: 'Giá đã thay đổi',
        changes: [
          {
            field: 'lines.0.unitPrice',
            from: 18_000,
            to: 19_500,
            message: 'Giá Panadol Extra (vỉ) đã tăng từ 18.000 ₫ lên 19.500 ₫',
          },
        ],
      }),
    );

    const refused = await screen.findByTestId('refused-order');
    expect(chip()).toBe('Bị từ chối – Sửa');
    expect(within(refused).getByTestId('refusal-reason').textContent).toBe(
      'Đơn hàng đã thay đổi trên hệ thống. Vui lòng xác nhận các thay đổi dưới đây và tổng tiền mới với khách hàng rồi gửi lại.',
    );
    expect(
      within(refused)
        .getByTestId('order-changes')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toBe('Giá Panadol Extra (vỉ) đã tăng: 18.000 ₫ → 19.500 ₫');
    expect(within(refused).getByTestId('fix-refused-order').textContent).toBe('Xác nhận giá mới và gửi lại');
    expect(within(refused).getByTestId('keep-refused-as-draft').textContent).toBe('Lưu thành đơn nháp, gửi sau');
    // Not the company's order: no status of the office's to show, nor the "not sent yet" notice.
    expect(screen.queryByText('Chờ xác nhận')).toBeNull();
    expect(screen.queryByTestId('order-device-copy')).toBeNull();
  });

  it('once taken with changes (a stock cut that cost a tier), the page keeps saying what changed beside the server copy', async () => {
    const order = phoneOrder();
    const { syncState: _syncState, error: _error, changes: _changes, ...record } = order;
    const onServer: OrderRecord = { ...record, code: 'DH000008', total: 18_900 };
    await db.orders.put({
      ...onServer,
      syncState: 'synced',
      error: null,
      changes: [
        { field: 'lines.0.quantity', from: 2, to: 1, message: 'Panadol Extra (vỉ) chỉ còn 1 vỉ trong kho' },
        { field: 'total', from: 37_800, to: 18_900, message: 'Tổng tiền' },
      ],
    });
    serveOrder(() => onServer);
    renderDetail(order.id);

    await waitFor(() => expect(code()).toBe('DH000008'));
    const notice = await screen.findByTestId('order-applied-changes');
    expect(notice.textContent).toContain('Đơn đã được nhận, có thay đổi');
    expect(
      within(notice)
        .getByTestId('order-changes')
        .textContent?.replace(/\u00a0/g, ' '),
    ).toContain('37.800 ₫ → 18.900 ₫');
    expect(screen.getByText('Chờ xác nhận')).toBeTruthy();
  });
});

describe('OrderDetailView of an order waiting for discount approval', () => {
  const REASON = 'Chiết khấu 35 % (Panadol Extra) vượt mức tối đa 10 % của vai trò Trình dược viên';

  /** The server's copy of a rep's order whose discount waits for approval. */
  async function waiting(approval: OrderRecord['discount_approval']): Promise<string> {
    const { syncState: _syncState, error: _error, changes: _changes, ...record } = phoneOrder();
    const onServer: OrderRecord = { ...record, code: 'DH000009', discount_approval: approval };
    await db.orders.put({ ...onServer, syncState: 'synced', error: null, changes: [] });
    serveOrder(() => onServer);
    return onServer.id;
  }

  it('says why it waits and that confirming it approves the discount', async () => {
    renderDetail(await waiting({ state: 'needed', reason: REASON, approved_by: null, approved_at: null }));
    await waitFor(() => expect(code()).toBe('DH000009'));
    await waitFor(() => expect(screen.getByTestId('discount-approval-badge').textContent).toBe('Chờ duyệt chiết khấu'));
    const notice = screen.getByTestId('discount-approval').textContent;
    expect(notice).toContain(REASON);
    expect(notice).toContain('Bấm “Xác nhận, duyệt chiết khấu” để xác nhận đơn hàng và duyệt chiết khấu này.');
    expect(screen.getByTestId('order-move-confirmed').textContent).toBe('Xác nhận, duyệt chiết khấu');
    // The confirmation says what else it does before anything is sent.
    act(() => screen.getByTestId('order-move-confirmed').click());
    expect((await screen.findByTestId('status-note')).textContent).toBe(`Xác nhận là duyệt chiết khấu: ${REASON}.`);
  });

  it('offers no confirm to a role without approve, and tells who may', async () => {
    enterWorkspace(roleAccess({ orders: ['view', 'create'] }));
    renderDetail(await waiting({ state: 'needed', reason: REASON, approved_by: null, approved_at: null }));
    await waitFor(() => expect(screen.getByTestId('discount-approval').textContent).toContain('cần người có quyền duyệt đơn hàng'));
    expect(screen.queryByTestId('order-move-confirmed')).toBeNull();
  });

  it('once approved, says by whom, and the list badge is gone', async () => {
    renderDetail(await waiting({ state: 'approved', reason: REASON, approved_by: 'Đặng Thu Hà', approved_at: '2026-11-21T03:10:00.000Z' }));
    const at = formatDateTime('2026-11-21T03:10:00.000Z');
    await waitFor(() =>
      expect(screen.getByTestId('discount-approval').textContent).toBe(`Đã duyệt chiết khấu (Đặng Thu Hà, ${at}): ${REASON}`),
    );
    expect(screen.queryByTestId('discount-approval-badge')).toBeNull();
  });
});
