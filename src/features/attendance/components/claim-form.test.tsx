/** "Xin chấm công" on the phone: the claim and its op written together offline, refusals beside the form and nothing written. */
import { MantineProvider } from '@mantine/core';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { COMPANY } from '@/testing/order-fixtures';
import { ClaimForm } from './claim-form';

configure({ asyncUtilTimeout: 5_000 });

const REP = { companyId: COMPANY, accountId: 9, accountName: 'Lê Văn Trình' };
const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`claim-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  cleanup();
  db.close();
  await Dexie.delete(db.name);
});

const reason = () => screen.getByRole('textbox', { name: /Lý do/ });

describe('ClaimForm', () => {
  it('keeps the claim on the device with its op queued, and shows it waiting', async () => {
    render(<ClaimForm db={db} claimant={REP} />, { wrapper });
    fireEvent.click(screen.getByRole('radio', { name: 'Nửa ngày' }));
    fireEvent.change(reason(), { target: { value: 'Máy hết pin buổi sáng' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi đơn' }));
    await screen.findByText(/Nửa ngày · Chờ duyệt/);
    const [claim] = await db.attendanceClaims.toArray();
    expect(claim).toMatchObject({ kind: 'half', reason: 'Máy hết pin buổi sáng', status: 'waiting', syncState: 'pending' });
    const ops = await db.outbox.toArray();
    expect(ops.map((op) => [op.type, (op.payload as { claimId: string }).claimId])).toEqual([['attendance.claim', claim!.id]]);
  });

  it('refuses without a reason and a second claim for the same day, beside the form, writing nothing more', async () => {
    render(<ClaimForm db={db} claimant={REP} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi đơn' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Vui lòng nhập lý do');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(reason(), { target: { value: 'Quên mang máy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi đơn' }));
    await waitFor(async () => expect(await db.attendanceClaims.count()).toBe(1));
    fireEvent.change(reason(), { target: { value: 'Lần nữa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi đơn' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ngày này đã có đơn xin chấm công đang chờ duyệt hoặc đã duyệt');
    expect(await db.outbox.count()).toBe(1);
  });
});
