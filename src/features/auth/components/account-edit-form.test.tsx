import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@contract/auth';
import { vietnamDay } from '@contract/price-policy';
import { renderScreen, serveApi } from '@/testing/screen-harness';
import { DAY_ERRORS } from '@/ui/day-errors';
import { AccountEditForm } from './account-edit-form';

afterEach(() => vi.unstubAllGlobals());

const ACCOUNT: Account = {
  id: 9,
  phone: '0912000005',
  full_name: 'Lê Văn Kho',
  email: null,
  address: null,
  birthday: null,
  gender: null,
  account_type_data: { code: 'user', title: 'Người dùng' },
  company_data: [],
};

async function renderForm(account: Account) {
  serveApi({});
  const onSave = vi.fn();
  renderScreen(<AccountEditForm account={account} saving={false} onSave={onSave} onCancel={vi.fn()} />);
  const birthday = (await screen.findByLabelText('Ngày sinh')) as HTMLInputElement;
  return { onSave, birthday };
}

/** Typed as a person types: into the focused field, which is then left. */
async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    input.focus();
    fireEvent.change(input, { target: { value: text } });
    fireEvent.blur(input);
  });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));
const savedBirthday = (onSave: ReturnType<typeof vi.fn>) => (onSave.mock.lastCall?.[0] as { birthday: string | null }).birthday;

describe('AccountEditForm birthday', () => {
  it('takes a birthday typed as digits only and saves it as an ISO day', async () => {
    const { onSave, birthday } = await renderForm(ACCOUNT);
    await type(birthday, '05031990');
    expect(birthday.value).toBe('05/03/1990');
    save();
    expect(onSave).toHaveBeenCalledOnce();
    expect(savedBirthday(onSave)).toBe('1990-03-05');
  });

  it('shows the stored birthday as DD/MM/YYYY and saves it unchanged', async () => {
    const { onSave, birthday } = await renderForm({ ...ACCOUNT, birthday: '1988-12-24' });
    expect(birthday.value).toBe('24/12/1988');
    save();
    expect(savedBirthday(onSave)).toBe('1988-12-24');
  });

  it('saves no birthday once it is cleared', async () => {
    const { onSave } = await renderForm({ ...ACCOUNT, birthday: '1988-12-24' });
    fireEvent.click(screen.getByRole('button', { name: 'Xóa ngày' }));
    save();
    expect(savedBirthday(onSave)).toBeNull();
  });

  it('takes no birthday after today nor a day that does not exist', async () => {
    const { onSave, birthday } = await renderForm(ACCOUNT);
    const tomorrow = new Date(Date.parse(`${vietnamDay()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await type(birthday, tomorrow.split('-').reverse().join('/'));
    expect(birthday.value).toBe('');
    expect(screen.getByText(DAY_ERRORS.late(vietnamDay()))).toBeTruthy();
    await type(birthday, '31/02/1990');
    expect(birthday.value).toBe('');
    expect(screen.getByText(DAY_ERRORS.unreadable('31/02/1990'))).toBeTruthy();
    save();
    expect(savedBirthday(onSave)).toBeNull();
  });
});
