import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, serveApi } from '@/testing/screen-harness';
import { LoginForm, PHONE_INVALID } from './login-form';

afterEach(() => vi.unstubAllGlobals());

describe('LoginForm', () => {
  it('says the phone number is what is wrong, and asks the server nothing', async () => {
    const fetchMock = serveApi({});
    const onSignedIn = vi.fn();
    renderScreen(<LoginForm onSignedIn={onSignedIn} />);
    fireEvent.change(await screen.findByLabelText(/Số điện thoại/), { target: { value: '09abcdefgh' } });
    fireEvent.change(screen.getByLabelText(/Mật khẩu/), { target: { value: 'Demo@2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect((await screen.findByText(PHONE_INVALID)).textContent).toContain('số điện thoại');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
