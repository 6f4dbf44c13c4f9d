import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoutePlanRecord } from '@contract/visits-plans';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { PlanPage } from './plan-page';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const plan = (extra: Partial<RoutePlanRecord>): RoutePlanRecord => ({
  id: '10000000-0000-4000-8000-000000000001',
  company: TEST_COMPANY.id,
  account_id: 21,
  account_name: 'Lê Văn Trình',
  name: 'Tuyến Quận 1',
  status: 'approved',
  stops: [
    { customer_id: A, customer_name: 'Nhà thuốc An', frequency: 'F4', weekdays: [1], weeks: [] },
    { customer_id: B, customer_name: 'Nhà thuốc Bình', frequency: 'F8', weekdays: [2, 5], weeks: [] },
  ],
  effective_from: '2026-12-07',
  approved_stops: [],
  approved_from: '2026-12-07',
  approved_by_name: 'Võ Minh Quân',
  approved_at: '2026-12-04T03:00:00Z',
  updated_at: '2026-12-04T03:00:00Z',
  ...extra,
});

const PLANS = [
  plan({}),
  plan({
    id: '10000000-0000-4000-8000-000000000002',
    account_id: 22,
    account_name: 'Phạm Thị Hoa',
    name: 'Tuyến Hà Nội',
    status: 'waiting',
    approved_stops: [{ customer_id: C, frequency: 'F4', weekdays: [3], weeks: [] }],
    approved_from: '2026-11-02',
  }),
];

const CUSTOMERS = [{ id: C, code: 'KH000003', name: 'Nhà thuốc Châu', phone: null, address: {}, status: 'active' }];

const STAFF = [
  { id: 21, full_name: 'Lê Văn Trình', phone: '0912000001', code: 'TDV001', staff_kind: 'sales', region_id: 1 },
  { id: 22, full_name: 'Phạm Thị Hoa', phone: '0912000002', code: 'TDV002', staff_kind: 'sales', region_id: 2 },
];

function serve() {
  return serveApi({
    '/visit/api/plans/': { data: PLANS },
    all_staff: { data: STAFF },
    '/customer/api/customer/': { data: CUSTOMERS },
  });
}

const sent = (fetchMock: ReturnType<typeof serve>, method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === method)
    .map(([url, init]) => ({ url: String(url), body: JSON.parse(String((init as RequestInit).body)) as Record<string, unknown> }));

beforeEach(() => enterWorkspace(ADMIN_ACCESS));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  leaveWorkspace();
});

describe('Tuyến ghé thăm', () => {
  it('lists the plans with their status, the approved version still in effect and who approved', async () => {
    serve();
    renderScreen(<PlanPage companyId={TEST_COMPANY.id} isMobile={false} />);
    const rows = await screen.findAllByTestId('plan-row');
    expect(rows.map((row) => row.getAttribute('data-name'))).toEqual(['Tuyến Quận 1', 'Tuyến Hà Nội']);
    expect(within(rows[0]!).getByTestId('plan-status').textContent).toBe('Đã duyệt');
    expect(rows[0]!.textContent).toContain('07/12/2026');
    expect(rows[0]!.textContent).toContain('Võ Minh Quân');
    expect(within(rows[1]!).getByTestId('plan-status').textContent).toBe('Chờ duyệt');
    expect(within(rows[1]!).getByTestId('plan-in-effect').textContent).toBe('Bản đã duyệt (1 khách hàng, từ 02/11/2026) vẫn áp dụng');
    // Only a waiting plan is offered for approval.
    expect(screen.queryByRole('button', { name: 'Duyệt tuyến Tuyến Quận 1 của Lê Văn Trình' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Duyệt tuyến Tuyến Hà Nội của Phạm Thị Hoa' })).toBeTruthy();
  });

  it('offers a rep no change, approval, import or new plan', async () => {
    enterWorkspace(roleAccess({ visits: ['view', 'create'] }));
    serve();
    renderScreen(<PlanPage companyId={TEST_COMPANY.id} isMobile={false} />);
    await screen.findAllByTestId('plan-row');
    expect(screen.queryByTestId('plan-edit')).toBeNull();
    expect(screen.queryByTestId('plan-approve')).toBeNull();
    expect(screen.queryByTestId('plan-create')).toBeNull();
    expect(screen.queryByTestId('plan-import')).toBeNull();
  });

  it('approves a waiting plan for the company', async () => {
    const fetchMock = serve();
    renderScreen(<PlanPage companyId={TEST_COMPANY.id} isMobile={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Duyệt tuyến Tuyến Hà Nội của Phạm Thị Hoa' }));
    await waitFor(() => expect(sent(fetchMock, 'POST')).toHaveLength(1));
    expect(sent(fetchMock, 'POST')[0]).toMatchObject({
      url: expect.stringContaining('/visit/api/plans/10000000-0000-4000-8000-000000000002/approve/'),
      body: { company: TEST_COMPANY.id },
    });
  });

  it('changes a plan: reorders its customers, adds one and saves them in the new order', async () => {
    const fetchMock = serve();
    renderScreen(<PlanPage companyId={TEST_COMPANY.id} isMobile={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sửa tuyến Tuyến Quận 1 của Lê Văn Trình' }));
    const dialog = await screen.findByTestId('plan-editor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lên Nhà thuốc Bình' }));
    fireEvent.change(within(dialog).getByTestId('plan-customer-search'), { target: { value: 'chau' } });
    fireEvent.click(await within(dialog).findByText('Nhà thuốc Châu'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu tuyến' }));
    await waitFor(() => expect(sent(fetchMock, 'PUT')).toHaveLength(1));
    const [put] = sent(fetchMock, 'PUT');
    expect(put!.url).toContain('/visit/api/plans/10000000-0000-4000-8000-000000000001/');
    expect(put!.body).toEqual({
      company: TEST_COMPANY.id,
      account_id: 21,
      name: 'Tuyến Quận 1',
      effective_from: '2026-12-07',
      stops: [
        { customer_id: B, frequency: 'F8', weekdays: [2, 5], weeks: [] },
        { customer_id: A, frequency: 'F4', weekdays: [1], weeks: [] },
        { customer_id: C, frequency: 'F4', weekdays: [1], weeks: [] },
      ],
    });
  });

  it('keeps a new plan until the rep, the name and every stop are right', async () => {
    const fetchMock = serve();
    renderScreen(<PlanPage companyId={TEST_COMPANY.id} isMobile={false} />);
    fireEvent.click(await screen.findByTestId('plan-create'));
    const dialog = await screen.findByTestId('plan-editor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu tuyến' }));
    expect((await within(dialog).findByTestId('plan-editor-problem')).textContent).toBe('Vui lòng chọn nhân viên');
    expect(sent(fetchMock, 'POST')).toHaveLength(0);
  });
});
