import { screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderRecord } from '@contract/orders';
import type { OrderReceivable } from '@contract/receivables';
import { uuidv7 } from '@contract/uuid';
import { AppDb } from '@/db/app-db';
import { formatMoney } from '@/lib/money';
import { updateSyncStatus } from '@/sync/sync-status';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, serveApi, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { OrderPaymentsCard } from './order-payments-card';

let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`order-payments-${uuidv7()}`);
  await db.open();
  enterWorkspace(ADMIN_ACCESS);
  updateSyncStatus({ online: true });
});
afterEach(async () => {
  leaveWorkspace();
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

// The fields the card reads of an order on its way to the customer.
const order = {
  id: uuidv7(),
  code: 'DH000187',
  status: 'delivering',
  payment_status: 'unpaid',
  total: 1_250_000,
  customer_id: uuidv7(),
  customer_code: 'KH000002',
  customer_name: 'Nhà thuốc Phúc An',
  customer_address: '45 Hai Bà Trưng',
} as OrderRecord;

function receivable(codUnderWay: number): OrderReceivable {
  return {
    order_id: order.id,
    total: order.total,
    paid: 0,
    credited: 0,
    open: order.total,
    payment_status: 'unpaid',
    due_date: null,
    pending_collections: 0,
    cod_under_way: codUnderWay,
    payments: [],
  };
}

const show = () =>
  renderScreen(
    <OrderPaymentsCard
      db={db}
      collector={{ companyId: TEST_COMPANY.id, accountId: TEST_ACCOUNT.id, accountName: TEST_ACCOUNT.full_name }}
      order={order}
      isMobile={false}
    />,
  );

describe("an order's payments while a carrier is out with its COD", () => {
  it('warns that money taken here too is taken twice', async () => {
    serveApi({ receivableinfo: { data: receivable(1_250_000) } });
    show();
    const warning = await screen.findByTestId('order-cod-warning');
    expect(warning.textContent).toContain(`thu hộ (COD) ${formatMoney(1_250_000)}`);
    expect(warning.textContent).toContain('thu hai lần');
    expect(screen.getByTestId('collect-open')).toBeTruthy();
  });

  it('says nothing when no delivery carries COD for it', async () => {
    // A part paid, so the server's answer shows (1.000.000 ₫ left, not the order's total).
    serveApi({ receivableinfo: { data: { ...receivable(0), paid: 250_000, open: 1_000_000 } } });
    show();
    await waitFor(() => expect(screen.getByTestId('order-open').textContent).toBe(formatMoney(1_000_000)));
    expect(screen.queryByTestId('order-cod-warning')).toBeNull();
  });
});
