/**
 * A campaign's page: overdue said in words (the alert, the deadline badge, each customer's
 * standing), "Nhập trả" only where goods are still out and only for who may approve, the return
 * sent in base units for the chosen lot, and a closed campaign offering neither returns nor closing.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@contract/calendar-days';
import { RECALL_LEVEL_RULES, type RecallDetail } from '@contract/pharma-recalls';
import { vietnamDay } from '@contract/price-policy';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { RecallDetailView } from './recall-detail-view';

const today = vietnamDay();
const OUT = '01a211d3-8f15-70d9-bb52-3627ac777001';
const BACK = '01a211d3-8f15-70d9-bb52-3627ac777002';

const RECALL: RecallDetail = {
  id: 7,
  company: TEST_COMPANY.id,
  code: 'TH000007',
  level: 2,
  decision_number: '123/QĐ-QLD',
  decision_date: addDays(today, -18),
  deadline: addDays(today, -3),
  reason: 'Không đạt độ hòa tan',
  scope: 'lot',
  registration_number: 'VD-22215-15',
  product_name: 'Decolgen Forte',
  lot_nos: ['L01'],
  status: 'open',
  created_by_name: 'Nguyễn Văn An',
  created_at: '2026-11-14T02:00:00.000Z',
  closed_by_name: null,
  closed_at: null,
  close_note: null,
  shipped: 50,
  returned: 20,
  customer_count: 2,
  overdue_customers: 1,
  level_rule: RECALL_LEVEL_RULES[2],
  lots: [
    {
      lot_id: 3,
      lot_no: 'L01',
      product_name: 'Decolgen Forte',
      base_unit: 'viên',
      expires_on: '2028-01-01',
      shipped: 50,
      returned: 20,
      on_hand: 70,
    },
  ],
  customers: [
    {
      customer_id: OUT,
      customer_code: 'KH000004',
      customer_name: 'Phòng khám Đa khoa Sài Gòn',
      customer_phone: null,
      rep_name: 'Lê Văn Trình',
      shipped: 30,
      returned: 0,
      outstanding: 30,
      overdue: true,
      lots: [{ lot_id: 3, lot_no: 'L01', shipped: 30, returned: 0 }],
    },
    {
      customer_id: BACK,
      customer_code: 'KH000002',
      customer_name: 'Nhà thuốc Phúc An',
      customer_phone: '0909111222',
      rep_name: 'Nguyễn Văn An',
      shipped: 20,
      returned: 20,
      outstanding: 0,
      overdue: false,
      lots: [{ lot_id: 3, lot_no: 'L01', shipped: 20, returned: 20 }],
    },
  ],
  other_recipients: [],
  notices: [],
  returns: [],
};

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
});

const rowOf = (code: string) => screen.getAllByTestId('recall-customer').find((row) => row.dataset.code === code)!;

describe('RecallDetailView', () => {
  it('says what is overdue in words and books a return of what is still out', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = serveApi({ '/returns/': { data: RECALL }, '/pharma/api/recalls/7/': { data: RECALL } });
    renderScreen(<RecallDetailView companyId={TEST_COMPANY.id} id={7} />);
    await screen.findByTestId('recall-detail');
    expect(screen.getByTestId('recall-overdue').textContent).toContain('Quá hạn: 1 khách hàng chưa trả đủ');
    expect(screen.getAllByTestId('recall-deadline')[0]!.textContent).toBe('Quá hạn 3 ngày');
    expect(within(rowOf('KH000004')).getByTestId('recall-standing').textContent).toBe('Quá hạn');
    expect(within(rowOf('KH000002')).getByTestId('recall-standing').textContent).toBe('Đã trả đủ');
    expect(within(rowOf('KH000002')).queryByTestId('recall-book')).toBeNull();

    fireEvent.click(within(rowOf('KH000004')).getByTestId('recall-book'));
    const dialog = await screen.findByTestId('recall-return-dialog');
    expect((within(dialog).getByTestId('recall-return-quantity') as HTMLInputElement).value).toBe('30');
    fireEvent.click(within(dialog).getByTestId('recall-return-submit'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/returns/'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/returns/')) as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({
      company: TEST_COMPANY.id,
      customer_id: OUT,
      lot_id: 3,
      quantity: 30,
      document_date: today,
    });
  });

  it('offers no return nor closing to who may only view, nor on a closed campaign', async () => {
    enterWorkspace(roleAccess({ warehouse: ['view'] }));
    serveApi({ '/pharma/api/recalls/7/': { data: RECALL } });
    const { unmount } = renderScreen(<RecallDetailView companyId={TEST_COMPANY.id} id={7} />);
    await screen.findByTestId('recall-detail');
    expect(screen.queryByTestId('recall-book')).toBeNull();
    expect(screen.queryByTestId('recall-close')).toBeNull();
    unmount();
    leaveWorkspace();

    enterWorkspace(ADMIN_ACCESS);
    const closed = {
      ...RECALL,
      status: 'closed' as const,
      closed_by_name: 'Nguyễn Văn An',
      closed_at: '2026-12-01T03:00:00.000Z',
      close_note: 'Đã bán hết',
    };
    serveApi({ '/pharma/api/recalls/7/': { data: closed } });
    renderScreen(<RecallDetailView companyId={TEST_COMPANY.id} id={7} />);
    await screen.findByTestId('recall-detail');
    expect(screen.getAllByTestId('recall-deadline')[0]!.textContent).toBe('Đã đóng');
    expect(screen.queryByTestId('recall-overdue')).toBeNull();
    expect(screen.queryByTestId('recall-book')).toBeNull();
    expect(screen.queryByTestId('recall-close')).toBeNull();
    expect(screen.getByTestId('recall-closed-note').textContent).toContain('Đã bán hết');
  });
});
