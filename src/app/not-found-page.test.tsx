import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen } from '@/testing/screen-harness';
import { NotFoundPage } from './not-found-page';

afterEach(() => leaveWorkspace());

describe('NotFoundPage', () => {
  it('leads a signed-out visitor to sign in, not to a dashboard they cannot reach', async () => {
    renderScreen(<NotFoundPage />);
    const link = await screen.findByRole('link', { name: 'Đăng nhập' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByText('Về trang tổng quan')).toBeNull();
  });

  it('leads a member back to the dashboard', async () => {
    enterWorkspace(ADMIN_ACCESS);
    renderScreen(<NotFoundPage />);
    const link = await screen.findByRole('link', { name: 'Về trang tổng quan' });
    expect(link.getAttribute('href')).toBe('/dashboard');
  });
});
