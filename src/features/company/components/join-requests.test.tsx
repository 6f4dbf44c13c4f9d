/**
 * Accepting a request to join (/join-requests) tells the owner it went through, naming the person:
 * "Đã chấp nhận Nguyễn Văn A vào công ty"; refusing says whose request was refused.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyPaths } from '@contract/api-paths';
import { renderScreen, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import type { CompanyMember } from '../api/company-api';
import { JoinRequests } from './join-requests';

const success = vi.hoisted(() => vi.fn());
vi.mock('@/ui/toast', () => ({ toast: { success, error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const REQUEST: CompanyMember = {
  id: 31,
  account: { id: 77, full_name: 'Nguyễn Văn A', phone: '0912000031' },
  status_display: 'pending',
  is_owner: false,
  is_active: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
  success.mockClear();
});

describe('JoinRequests', () => {
  it('toasts the person accepted into the company', async () => {
    serveApi({ [companyPaths.memberships]: { data: [REQUEST] } });
    renderScreen(<JoinRequests companyId={TEST_COMPANY.id} isOwner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Chấp nhận' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã chấp nhận Nguyễn Văn A vào công ty'));
  });

  it('toasts whose request was refused', async () => {
    serveApi({ [companyPaths.memberships]: { data: [REQUEST] } });
    renderScreen(<JoinRequests companyId={TEST_COMPANY.id} isOwner />);
    fireEvent.click(await screen.findByRole('button', { name: 'Từ chối' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã từ chối yêu cầu của Nguyễn Văn A'));
  });
});
