import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VISIT_SETTINGS, LOCATION_NOTICE } from '@contract/visits-place';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { CheckInRulesButton } from './check-in-rules-dialog';

const NOTICES = [
  { account_id: 1, full_name: 'Lê Văn Trình', version: LOCATION_NOTICE.version, accepted_at: '2026-12-04T02:15:00Z' },
  { account_id: 2, full_name: 'Phạm Thị Hoa', version: null, accepted_at: null },
];

beforeEach(() => enterWorkspace(ADMIN_ACCESS));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  leaveWorkspace();
});

describe('Quy tắc check-in', () => {
  it('shows the rules and who accepted the location notice, and saves every field', async () => {
    const fetchMock = serveApi({
      'location-notices': { data: NOTICES },
      '/visit/api/settings': { data: DEFAULT_VISIT_SETTINGS },
    });
    renderScreen(<CheckInRulesButton companyId={TEST_COMPANY.id} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Quy tắc check-in' }));
    const acceptances = await screen.findByTestId('location-notice-acceptances');
    expect(acceptances.textContent).toContain('1/2 nhân viên đã đồng ý');
    expect(acceptances.textContent).toContain('Phạm Thị Hoa: chưa đồng ý');
    fireEvent.change(screen.getByLabelText(/Giữ vị trí GPS của lượt ghé thăm/), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu quy tắc' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(JSON.parse(String((put[1] as RequestInit).body))).toEqual({
      company: TEST_COMPANY.id,
      ...DEFAULT_VISIT_SETTINGS,
      position_days: 90,
    });
  });

  it('is not offered to a member who may not change the company settings', async () => {
    enterWorkspace(roleAccess({ visits: ['view', 'create'] }));
    serveApi({});
    renderScreen(<CheckInRulesButton companyId={TEST_COMPANY.id} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Quy tắc check-in' })).toBeNull());
  });
});
