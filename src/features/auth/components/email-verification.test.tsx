/** /my-account's e-mail: unverified, a code is sent to it and confirmed with the six digits; verified, it says so. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi } from '@/testing/screen-harness';
import { EmailVerification } from './email-verification';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ACCOUNT = { id: 9, email: 'kho@example.vn' };

describe('the e-mail on /my-account', () => {
  it('says a verified address is verified, and offers nothing more', () => {
    serveApi({});
    renderScreen(<EmailVerification account={{ ...ACCOUNT, email_verified: true }} />);
    return waitFor(() => {
      expect(screen.getByText('Đã xác minh')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Xác minh email' })).toBeNull();
    });
  });

  it('sends a code to an unverified address, then confirms it with the code typed', async () => {
    const calls = serveApi({ '/account/api/verifyemail/': { data: { email: ACCOUNT.email, email_verified: true } } });
    renderScreen(<EmailVerification account={{ ...ACCOUNT, email_verified: false }} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Xác minh email' }));
    await screen.findByRole('group', { name: 'Mã xác minh email' });
    const confirm = screen.getByRole('button', { name: 'Xác nhận' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const digits = screen.getAllByRole('textbox').filter((input) => input.getAttribute('aria-label')?.startsWith('Chữ số'));
    '123456'.split('').forEach((digit, index) => fireEvent.change(digits[index]!, { target: { value: digit } }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Xác nhận' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Xác nhận' }));
    await waitFor(() => expect(calls.mock.calls.length).toBe(2));
    const [sent, confirmed] = calls.mock.calls.map(([, init]) => ({
      method: (init as RequestInit).method,
      body: JSON.parse(String((init as RequestInit).body)) as unknown,
    }));
    expect(sent).toEqual({ method: 'POST', body: { email: ACCOUNT.email } });
    expect(confirmed).toEqual({ method: 'PUT', body: { email: ACCOUNT.email, otp: '123456' } });
  });
});
