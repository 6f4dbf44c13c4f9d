import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerRecord } from '@contract/customers';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { customerRecord } from '@/testing/order-fixtures';
import { checkLicenceInput, daysLeft, EMPTY_LICENCE, gppStanding } from '../model/licence-form';
import { CustomerLicenceCard } from './customer-licence-card';

const who = { companyId: 4, accountId: 9 };
const TODAY = '2026-12-02';
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`licence-card-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

const wrap = (node: ReactNode) => <MantineProvider env="test">{node}</MantineProvider>;

const scanWrites = {
  uploadLicenceScan: vi.fn(async (id: string) => customerRecord({ id, licence_scan: uuidv7() })),
  removeLicenceScan: vi.fn(async (id: string) => customerRecord({ id })),
  readLicenceScan: vi.fn(async () => new Blob(['%PDF-1.4'])),
};

function card(customer: CustomerRecord, canEdit = true, online = false) {
  return wrap(
    <CustomerLicenceCard
      db={db}
      who={who}
      customer={customer}
      isMobile={false}
      canEdit={canEdit}
      online={online}
      onServer
      writes={scanWrites}
      today={TODAY}
    />,
  );
}

describe('the GPP/GDP certificate’s standing', () => {
  it('says each state in words: no licence, no expiry, valid, running out within 30 days, expired', () => {
    const at = (licence_number: string | null, gpp_expiry: string | null) => gppStanding({ licence_number, gpp_expiry }, TODAY);
    expect(at(null, '2030-01-01')).toMatchObject({ state: 'missing', label: 'Chưa có giấy phép' });
    expect(at('GP-1', null)).toMatchObject({ state: 'no_expiry', label: 'Chưa có ngày hết hạn GPP/GDP' });
    expect(at('GP-1', '2027-01-02')).toMatchObject({ state: 'valid', label: 'Còn hạn' });
    expect(at('GP-1', '2027-01-01')).toMatchObject({ state: 'expiring', label: 'Sắp hết hạn trong 30 ngày' });
    expect(at('GP-1', TODAY)).toMatchObject({ state: 'expiring' });
    expect(at('GP-1', '2026-12-01')).toMatchObject({ state: 'expired', label: 'Đã hết hạn' });
    expect([daysLeft('2027-01-01', TODAY), daysLeft('2026-12-01', TODAY), daysLeft(null, TODAY)]).toEqual([30, -1, null]);
  });

  it('refuses a certificate that expires before it was issued, and a malformed day', () => {
    expect(checkLicenceInput({ ...EMPTY_LICENCE, licence_date: '2026-01-10', gpp_expiry: '2025-01-10' })).toEqual({
      gpp_expiry: 'Ngày hết hạn GPP/GDP phải sau ngày cấp giấy chứng nhận',
    });
    expect(checkLicenceInput({ ...EMPTY_LICENCE, licence_date: '2026-02-30' })).toEqual({
      licence_date: 'Ngày cấp giấy chứng nhận không hợp lệ',
    });
  });
});

describe('CustomerLicenceCard', () => {
  it('shows the papers and the badge with its words and the days left', () => {
    render(card(customerRecord({ licence_number: 'GP-01', licence_date: '2024-01-15', gpp_expiry: '2026-12-12', controlled_scope: true })));
    expect(screen.getByTestId('licence-number').textContent).toBe('GP-01');
    expect(screen.getByTestId('licence-date-value').textContent).toBe('15/01/2024');
    expect(screen.getByTestId('licence-gpp-expiry-value').textContent).toBe('12/12/2026');
    expect(screen.getByTestId('licence-scope').textContent).toBe('Được kinh doanh');
    const badge = screen.getByTestId('licence-state');
    expect([badge.textContent, badge.dataset.state]).toEqual(['Sắp hết hạn trong 30 ngày', 'expiring']);
    expect(screen.getByTestId('licence-days-left').textContent).toBe('còn 10 ngày');
  });

  it('offers no edit to a member who may not edit customers', () => {
    render(card(customerRecord({}), false));
    expect(screen.getByTestId('licence-state').textContent).toBe('Chưa có giấy phép');
    expect(screen.queryByTestId('licence-edit')).toBeNull();
    expect(screen.queryByTestId('licence-scan-upload')).toBeNull();
  });

  it('offers the scan online only: upload, view and remove', async () => {
    const customer = customerRecord({ licence_scan: uuidv7() });
    const offline = render(card(customer));
    expect(screen.getByTestId('licence-scan-state').textContent).toBe('Đã có bản chụp');
    expect((screen.getByTestId('licence-scan-upload') as HTMLButtonElement).disabled).toBe(true);
    offline.unmount();
    render(card(customer, true, true));
    expect((screen.getByTestId('licence-scan-upload') as HTMLButtonElement).disabled).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByTestId('licence-scan-remove'));
    });
    expect(scanWrites.removeLicenceScan).toHaveBeenCalledWith(customer.id);
  });

  it('saves through the outbox, and a newer copy arriving while the dialog is open never replaces what was typed', async () => {
    const customer = customerRecord({ company: 4, licence_number: 'CU-01' });
    await db.customers.put(toLocalCustomer(customer));
    const view = render(card(customer));
    fireEvent.click(screen.getByTestId('licence-edit'));
    const dialog = await screen.findByTestId('licence-form');
    const number = within(dialog).getByTestId('licence-licence-number') as HTMLInputElement;
    expect(number.value).toBe('CU-01');
    fireEvent.change(number, { target: { value: 'MOI-02' } });
    // A sync brings the server's copy with another number while the person is typing.
    view.rerender(card({ ...customer, licence_number: 'SERVER-03', updated_at: '2026-12-02T01:00:00Z' }));
    expect((within(dialog).getByTestId('licence-licence-number') as HTMLInputElement).value).toBe('MOI-02');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('licence-save'));
    });
    await waitFor(() => expect(screen.queryByTestId('licence-form')).toBeNull());
    const ops = await db.outbox.toArray();
    expect(ops.map((op) => [op.type, (op.payload as { licence_number: string }).licence_number])).toEqual([['customer.licence', 'MOI-02']]);
    // The kind left as it opened is not sent: an office change to it made meanwhile stays.
    expect(ops[0]?.payload).not.toHaveProperty('kind');
    expect((await db.customers.get(customer.id))?.licence_number).toBe('MOI-02');
  });

  it('shows the business type and changes it in the dialog, prefilled with the current one', async () => {
    const customer = customerRecord({ company: 4, kind: 'Nhà thuốc', drug_business: true });
    await db.customers.put(toLocalCustomer(customer));
    const view = render(card(customer));
    expect(screen.getByTestId('licence-kind-value').textContent).toBe('Nhà thuốc');
    fireEvent.click(screen.getByTestId('licence-edit'));
    const dialog = await screen.findByTestId('licence-form');
    const kind = within(dialog).getByRole('combobox', { name: 'Loại hình kinh doanh' }) as HTMLInputElement;
    expect(kind.value).toBe('Nhà thuốc');
    expect(within(dialog).getByText('Nhóm người mua theo quy định: Nhà thuốc')).toBeTruthy();
    fireEvent.click(kind);
    fireEvent.click(await screen.findByRole('option', { name: 'Quầy thuốc' }));
    expect(kind.value).toBe('Quầy thuốc');
    expect(within(dialog).getByText('Nhóm người mua theo quy định: Quầy thuốc')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('licence-save'));
    });
    await waitFor(() => expect(screen.queryByTestId('licence-form')).toBeNull());
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'customer.licence', payload: { customerId: customer.id, kind: 'Quầy thuốc' } });
    const stored = await db.customers.get(customer.id);
    expect(stored).toMatchObject({ kind: 'Quầy thuốc', drug_business: true, syncState: 'pending' });
    view.rerender(card(stored!));
    expect(screen.getByTestId('licence-kind-value').textContent).toBe('Quầy thuốc');
  });

  it('offers a stored kind the list no longer has, and sends none while it is kept', async () => {
    const customer = customerRecord({ company: 4, kind: 'Công ty dược' });
    await db.customers.put(toLocalCustomer(customer));
    render(card(customer));
    fireEvent.click(screen.getByTestId('licence-edit'));
    const dialog = await screen.findByTestId('licence-form');
    const kind = within(dialog).getByRole('combobox', { name: 'Loại hình kinh doanh' }) as HTMLInputElement;
    expect(kind.value).toBe('Công ty dược');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('licence-save'));
    });
    await waitFor(() => expect(screen.queryByTestId('licence-form')).toBeNull());
    const [op] = await db.outbox.toArray();
    expect(op?.payload).not.toHaveProperty('kind');
    expect((await db.customers.get(customer.id))?.kind).toBe('Công ty dược');
  });
});
