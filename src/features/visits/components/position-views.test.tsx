import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PositionDay, PositionViewRecord } from '@contract/visits-positions';
import {
  ADMIN_ACCESS,
  enterWorkspace,
  leaveWorkspace,
  renderScreen,
  roleAccess,
  serveApi,
  TEST_ACCOUNT,
  TEST_COMPANY,
} from '@/testing/screen-harness';
import { PositionDayButton } from './position-day-dialog';
import { PositionViewsButton } from './position-views-dialog';

const DAY: PositionDay = {
  account_id: 21,
  account_name: 'Lê Văn Trình',
  date: '2026-11-20',
  positions: 2,
  logged: true,
  visits: [
    {
      id: 'v1',
      customer_id: 'c1',
      customer_name: 'Nhà thuốc Minh Châu',
      check_in_at: '2026-11-20T01:30:00.000Z',
      check_in_location: { lat: 10.7769, lng: 106.7009, accuracy: 12 },
      check_in_distance_m: 1250,
      check_out_at: '2026-11-20T02:10:00.000Z',
      check_out_location: { lat: 10.777, lng: 106.701, accuracy: 8 },
      flags: ['FAR_FROM_PIN'],
    },
  ],
};

const VIEW: PositionViewRecord = {
  id: 'p1',
  viewer_id: 3,
  viewer_name: 'Võ Minh Quân',
  account_id: 21,
  account_name: 'Lê Văn Trình',
  source: 'day',
  date: '2026-11-20',
  positions: 2,
  viewed_at: '2026-12-04T02:15:00.000Z',
};

beforeEach(() => enterWorkspace(ADMIN_ACCESS));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  leaveWorkspace();
});

describe('Xem vị trí trong ngày', () => {
  it('says the view is recorded and lists the day with distance and map links', async () => {
    const fetchMock = serveApi({ '/visit/api/visits/positions': { data: DAY } });
    renderScreen(
      <PositionDayButton companyId={TEST_COMPANY.id} accountId={21} accountName="Lê Văn Trình" checkInAt="2026-11-20T01:30:00.000Z" />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Xem vị trí trong ngày 20\/11\/2026 của Lê Văn Trình/ }));
    const dialog = await screen.findByTestId('position-day');
    expect(dialog.textContent).toContain('Lượt xem này được ghi lại');
    const visit = await within(dialog).findByTestId('position-day-visit');
    expect(visit.textContent).toContain('Nhà thuốc Minh Châu');
    expect(visit.textContent).toContain('Cách vị trí khách hàng 1,3 km');
    expect(visit.textContent).toContain('Ngoài bán kính khách hàng');
    const links = within(visit).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]!.getAttribute('href')).toContain('mlat=10.7769&mlon=106.7009');
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual({ company: String(TEST_COMPANY.id), account: '21', date: '2026-11-20' });
  });

  it('tells the rep their own day is not recorded', async () => {
    serveApi({ '/visit/api/visits/positions': { data: { ...DAY, account_id: TEST_ACCOUNT.id, logged: false } } });
    renderScreen(
      <PositionDayButton
        companyId={TEST_COMPANY.id}
        accountId={TEST_ACCOUNT.id}
        accountName="Lê Văn Kho"
        checkInAt="2026-11-20T01:30:00.000Z"
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Xem vị trí trong ngày/ }));
    expect((await screen.findByTestId('position-day')).textContent).toContain('lượt xem không được ghi lại');
  });
});

describe('Nhật ký xem vị trí', () => {
  it('shows its keeper who viewed whose positions', async () => {
    serveApi({ '/visit/api/position-views': { data: [VIEW], count: 1 } });
    renderScreen(<PositionViewsButton companyId={TEST_COMPANY.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nhật ký xem vị trí' }));
    const table = await screen.findByTestId('position-views');
    expect(within(table).getByRole('columnheader', { name: 'Vị trí của nhân viên' })).toBeTruthy();
    expect(table.textContent).toContain('Võ Minh Quân');
    expect(table.textContent).toContain('Vị trí ngày 20/11/2026 (2 vị trí)');
  });

  it('shows a rep who viewed their own positions', async () => {
    enterWorkspace(roleAccess({ visits: ['view', 'create'] }));
    serveApi({ '/visit/api/position-views': { data: [], count: 0 } });
    renderScreen(<PositionViewsButton companyId={TEST_COMPANY.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Nhật ký xem vị trí' }));
    expect(await screen.findByText('Chưa có ai xem vị trí của bạn')).toBeTruthy();
  });
});
