import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_METHOD_LABELS, CONSENT_REQUIRED_MESSAGE } from '@contract/customers-privacy';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { emptyCustomerForm, formToInput, normalizePhone } from '../model/customer-form';
import { CustomerForm } from './customer-form';

const who = { companyId: 4, accountId: 9, accountName: 'Lê Văn Trình' };
let db: AppDb;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

beforeEach(async () => {
  db = new AppDb(`customer-form-${uuidv7()}`);
  await db.open();
  // The server as the form reads it: one accepted member, no groups or levels yet.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      Response.json({
        code: 200,
        data: url.includes('/accountcompany/')
          ? [{ id: 1, account: { id: 9, full_name: 'Lê Văn Trình', phone: null }, status_display: 'accept', is_owner: false }]
          : [],
      }),
    ),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

function renderForm(onSaved = vi.fn()) {
  render(
    <CustomerForm
      db={db}
      who={who}
      initial={emptyCustomerForm(who.accountId)}
      staffLabel="Trình dược viên"
      onSaved={onSaved}
      onCancel={vi.fn()}
    />,
    { wrapper },
  );
  return onSaved;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('CustomerForm', () => {
  it('asks for the name when it is left empty, on blur and on save', async () => {
    const onSaved = renderForm();
    expect(document.querySelector('label')?.textContent).toContain('*');
    fireEvent.blur(field(/Tên khách hàng/));
    expect(screen.getByText('Vui lòng nhập tên khách hàng')).toBeTruthy();
    fireEvent.change(field(/Tên khách hàng/), { target: { value: 'Nhà thuốc A' } });
    expect(screen.queryByText('Vui lòng nhập tên khách hàng')).toBeNull();
    fireEvent.change(field(/Tên khách hàng/), { target: { value: '   ' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('customer-save'));
    });
    expect(screen.getByText('Vui lòng nhập tên khách hàng')).toBeTruthy();
    expect(document.activeElement).toBe(field(/Tên khách hàng/));
    expect(onSaved).not.toHaveBeenCalled();
    expect(await db.customers.count()).toBe(0);
  });

  it('refuses a phone number that is not Vietnamese', async () => {
    const onSaved = renderForm();
    fireEvent.change(field(/Tên khách hàng/), { target: { value: 'Nhà thuốc A' } });
    fireEvent.change(field(/Số điện thoại/), { target: { value: '12345' } });
    fireEvent.blur(field(/Số điện thoại/));
    expect(screen.getByText('Số điện thoại không hợp lệ')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('customer-save'));
    });
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.change(field(/Số điện thoại/), { target: { value: '+84 912.345.678' } });
    fireEvent.blur(field(/Số điện thoại/));
    expect(screen.queryByText('Số điện thoại không hợp lệ')).toBeNull();
  });

  it('refuses a malformed tax code with the server’s message', () => {
    renderForm();
    fireEvent.change(field(/Mã số thuế/), { target: { value: '123' } });
    fireEvent.blur(field(/Mã số thuế/));
    expect(screen.getByText('Mã số thuế gồm 10 chữ số (hoặc 10 chữ số - 3 chữ số)')).toBeTruthy();
  });

  it('saves a pharmacy (a household business) only with its owner’s consent, and says how it was given', async () => {
    const onSaved = renderForm();
    fireEvent.change(field(/Tên khách hàng/), { target: { value: 'Nhà thuốc Thanh Tâm' } });
    fireEvent.change(field(/Số điện thoại/), { target: { value: '0903 456 789' } });
    const agreed = screen.getByTestId('field-consent') as HTMLInputElement;
    expect(agreed.checked, 'never ticked in advance').toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('customer-save'));
    });
    expect(screen.getByText(CONSENT_REQUIRED_MESSAGE)).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();
    expect(await db.customers.count()).toBe(0);

    fireEvent.click(agreed);
    await act(async () => {
      fireEvent.click(screen.getByTestId('customer-save'));
    });
    expect(screen.getByText('Chọn cách chủ cửa hàng đồng ý')).toBeTruthy();
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText(CONSENT_METHOD_LABELS.paper));
    await act(async () => {
      fireEvent.click(screen.getByTestId('customer-save'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const id = onSaved.mock.calls[0]![0] as string;
    expect(await db.customers.get(id)).toMatchObject({
      name: 'Nhà thuốc Thanh Tâm',
      phone: '0903456789',
      syncState: 'pending',
      staff_id: 9,
      privacy: { person: true, consent_method: 'paper' },
    });
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ person: true, consent: { method: 'paper' } });
  });

  it('saves a company (not a person) without asking for consent', async () => {
    const onSaved = renderForm();
    fireEvent.change(field(/Tên khách hàng/), { target: { value: 'Công ty Dược Hòa Bình' } });
    fireEvent.click(screen.getByLabelText('Doanh nghiệp, tổ chức'));
    expect(screen.queryByTestId('field-consent')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId('customer-save'));
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [op] = await db.outbox.toArray();
    expect(op?.payload).toMatchObject({ person: false, consent: null });
  });
});

describe('form values', () => {
  it('normalises phone numbers to the stored form', () => {
    expect(normalizePhone('+84 912.345.678')).toBe('0912345678');
    expect(normalizePhone('84912345678')).toBe('0912345678');
    expect(normalizePhone('0283 822 1234')).toBe('02838221234');
  });

  it('turns blanks into nulls and select strings into ids', () => {
    const input = formToInput({ ...emptyCustomerForm(9), name: ' A ', customer_type_id: '3', owner_name: '  ', note: '' });
    expect(input).toMatchObject({ name: 'A', staff_id: 9, customer_type_id: 3, level_id: null, owner_name: null, note: null, code: null });
  });
});
