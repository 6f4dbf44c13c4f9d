import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type OutboxRow } from '@/db/app-db';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { OutboxRows } from './outbox-rows';

configure({ asyncUtilTimeout: 5_000 });

let db: AppDb;

function refusedOp(type: string, entity: OutboxRow['entity'], message: string): OutboxRow {
  return {
    opId: uuidv7(),
    companyId: TEST_COMPANY.id,
    accountId: TEST_ACCOUNT.id,
    type,
    payload: {},
    schemaVersion: 1,
    clientCreatedAt: '2026-12-04T02:00:00.000Z',
    dependsOn: [],
    entity,
    state: 'rejected',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: { kind: 'rejected', message },
    result: null,
    doneAt: null,
  };
}

beforeEach(async () => {
  db = new AppDb(`outbox-rows-${uuidv7()}`);
  await db.open();
  enterWorkspace(ADMIN_ACCESS);
});
afterEach(async () => {
  leaveWorkspace();
  db.close();
  await Dexie.delete(db.name);
});

describe('OutboxRows', () => {
  it('lets a refused op of no order be set aside with a reason, which ends its refusal; an order is sent to its page', async () => {
    const payment = refusedOp('payment.create', { type: 'payment', id: uuidv7() }, 'Số tiền thu lớn hơn công nợ còn lại');
    const order = refusedOp('order.submit', { type: 'order', id: uuidv7() }, 'Khách hàng vượt hạn mức công nợ');
    const [paymentSeq] = await db.outbox.bulkAdd([payment, order], { allKeys: true });
    renderScreen(<OutboxRows db={db} ops={await db.outbox.toArray()} />);

    // One offer: the payment's. The order's refusal is handled on the order's page, which its name links to.
    const offers = await screen.findAllByTestId('dismiss-refused-op');
    expect(offers).toHaveLength(1);
    expect(screen.getAllByTestId('outbox-op-link').map((link) => link.getAttribute('href'))).toEqual([
      `/payment/print/${payment.entity!.id}`,
      `/order/${order.entity!.id}`,
    ]);

    fireEvent.click(offers[0]!);
    const form = screen.getByTestId('discard-form');
    expect(within(form).getByTestId('discard-confirm').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(form).getByTestId('discard-reason'));
    fireEvent.click(await screen.findByRole('option', { name: 'Thao tác nhầm' }));
    fireEvent.click(within(form).getByTestId('discard-confirm'));

    await waitFor(async () => expect((await db.outbox.get(paymentSeq as number))?.state).toBe('done'));
    expect((await db.outbox.get(paymentSeq as number))?.dismissed?.reason).toBe('Thao tác nhầm');
    expect(await db.outbox.where('[companyId+state]').equals([TEST_COMPANY.id, 'rejected']).count()).toBe(1);
  });
});
