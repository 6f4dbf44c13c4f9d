/**
 * Receivables (browser; docs/receivables.md): a rep (Lê Văn Trình, 0912000001) on a phone
 * (390 px) with no network opens a pharmacy that owes (the demo's debts), records a cash collection
 * and prints its receipt; back online the collection reaches the server once; the cashier (Kế toán,
 * 0912000004) at a desk confirms it among the payments waiting, and the customer's balance falls by
 * the amount; the office sees the aging by due date and prints the debt-confirmation statement,
 * which closes on the new balance.
 *
 * "Offline" is real for the page and its service worker: the browser reaches the server through a
 * proxy that is unplugged (tests/support/offline-proxy.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@contract/money';
import { receivablePaths, type PaymentRecord, type ReceivableRecord } from '@contract/receivables';
import { DEMO_STAFF } from '@server/seed/demo-employees';
import { VIEWPORTS } from '@tests/support/browser';
import { firstSyncDone, readStores } from '@tests/support/device-store';
import { COMPANIES, eventually, setupE2e, signInAs, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { api, customerIdByName, officeSignIn, type Office } from '@tests/support/orders-api';

const app = setupE2e({ unpluggable: true });

const TEST_TIMEOUT_MS = 240_000;
const SYNC_MS = 45_000;
/** The rep's customer that owes past its days in the demo (server/seed/demo-receivables.ts). */
const CUSTOMER = 'Phòng khám Đa khoa Sài Gòn';
const AMOUNT = 1_250_000;

async function balanceOf(office: Office, customerId: string): Promise<number> {
  const answer = await api<ReceivableRecord>(office.baseUrl, `${receivablePaths.info}?company=${office.companyId}&customer=${customerId}`, {
    token: office.token,
  });
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data.balance;
}

async function serverPayments(office: Office, customerId: string): Promise<PaymentRecord[]> {
  const answer = await api<PaymentRecord[]>(
    office.baseUrl,
    `${receivablePaths.payments}?company=${office.companyId}&customer=${customerId}&limit=100`,
    {
      token: office.token,
    },
  );
  expect(answer.status, answer.body.message).toBe(200);
  return answer.body.data;
}

describe('receivables', () => {
  it(
    'a rep collects offline, the collection arrives once, the cashier confirms it and the balance falls; the office ages and prints a statement',
    async () => {
      const office = await officeSignIn(app.server.url);
      const customerId = await customerIdByName(office, CUSTOMER);
      const before = await balanceOf(office, customerId);
      expect(before).toBeGreaterThan(AMOUNT);
      const paymentsBefore = (await serverPayments(office, customerId)).length;

      // --- The rep's phone: synced once, then the network goes.
      const phone = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
      const page = phone.page;
      await signInAs(page, DEMO_STAFF.repSouth, COMPANIES.anKhang);
      await eventually(() => firstSyncDone(page, office.companyId), 60_000).toBe(true);
      await waitForServiceWorker(page);
      await page.goto(`/customers/${customerId}`);
      const card = page.getByTestId('receivable-card');
      await eventually(() => card.getByTestId('receivable-balance').innerText()).toBe(formatMoney(before));
      await app.unplug(phone.context);
      await page.reload();
      // Offline the figures come from the device's mirror, with the debt past its due date.
      await eventually(() => card.getByTestId('receivable-balance').innerText()).toBe(formatMoney(before));
      await expect(card.getByTestId('receivable-overdue').innerText()).resolves.not.toBe(formatMoney(0));

      await card.getByTestId('collect-open').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('collect-amount').fill(String(AMOUNT));
      await dialog.getByTestId('collect-submit').click();
      await toast(page, 'success', `Đã lập phiếu thu ${formatMoney(AMOUNT)}, chờ thủ quỹ xác nhận`).waitFor();
      await eventually(() => card.getByTestId('receivable-pending').innerText()).not.toBe(formatMoney(0));
      const stored = (await readStores(page, ['payments', 'outbox'])) as {
        payments: { id: string; amount: number; syncState: string }[];
        outbox: { type: string; state: string; entity: { id: string } | null }[];
      };
      const collected = stored.payments.find((payment) => payment.amount === AMOUNT && payment.syncState === 'pending');
      expect(collected).toBeDefined();
      const paymentOps = () =>
        readStores(page, ['outbox']).then((read) =>
          (read.outbox as { type: string; state: string; entity: { id: string } | null }[])
            .filter((op) => op.type === 'payment.collect' && op.entity?.id === collected!.id)
            .map((op) => (op.state === 'sending' ? 'pending' : op.state)),
        );
      await expect(paymentOps()).resolves.toEqual(['pending']);

      // The receipt prints from the device, offline; its number comes with the server's answer.
      await page.goto(`/payment/print/${collected!.id}`);
      const receipt = page.getByTestId('receipt-sheet');
      await eventually(() => receipt.getByTestId('receipt-amount').innerText()).toBe(formatMoney(AMOUNT));
      await expect(receipt.getByTestId('receipt-customer').innerText()).resolves.toContain(CUSTOMER);
      await expect(receipt.getByTestId('receipt-state').innerText()).resolves.toContain('Chờ xác nhận');
      // The rep's day, from the device.
      await page.goto('/receivables');
      await eventually(() => page.getByTestId('my-day-pending').innerText()).not.toBe(formatMoney(0));

      // --- Back online: it reaches the server once, waiting for the cashier; the balance has not moved.
      await app.plugIn(phone.context);
      await eventually(paymentOps, SYNC_MS).toEqual(['done']);
      const onServer = (await serverPayments(office, customerId)).filter((payment) => payment.id === collected!.id);
      expect(onServer.map((payment) => [payment.amount, payment.state, payment.collected_by_name])).toEqual([
        [AMOUNT, 'pending', 'Lê Văn Trình'],
      ]);
      expect(await serverPayments(office, customerId)).toHaveLength(paymentsBefore + 1);
      expect(await balanceOf(office, customerId)).toBe(before);
      const code = onServer[0]!.code!;
      expect(code).toMatch(/^PT\d{6}$/);

      // --- The cashier confirms the money handed in.
      const desk = await app.open(VIEWPORTS.desktop);
      const cashier = desk.page;
      await signInAs(cashier, DEMO_STAFF.accountant, COMPANIES.anKhang);
      await cashier.goto('/receivables?tab=payments');
      await waitForPath(cashier, '/receivables', '?tab=payments');
      const row = cashier.getByTestId('payments-row').filter({ hasText: code });
      await row.getByTestId('payment-confirm').click();
      await toast(cashier, 'success', `Đã xác nhận phiếu thu ${code}`).waitFor();
      await eventually(() => balanceOf(office, customerId)).toBe(before - AMOUNT);
      expect((await serverPayments(office, customerId)).find((payment) => payment.id === collected!.id)?.state).toBe('confirmed');
      // The rep's phone hears of it at its next sync (opening the app): the receipt is confirmed on the device too.
      await page.reload();
      await eventually(
        async () =>
          ((await readStores(page, ['payments'])).payments as { id: string; state: string }[]).find(
            (payment) => payment.id === collected!.id,
          )?.state,
        SYNC_MS,
      ).toBe('confirmed');

      // --- The office sees the aging by due date and prints the statement.
      await cashier.goto('/receivables');
      const aging = cashier.getByTestId('aging-row').filter({ hasText: CUSTOMER });
      await eventually(() => aging.count()).toBe(1);
      await expect(cashier.getByTestId('aging-total-bucket-3').innerText()).resolves.not.toBe(formatMoney(0));
      await aging.getByRole('link', { name: 'Đối chiếu' }).click();
      await waitForPath(cashier, `/receivables/statement/${customerId}`);
      const sheet = cashier.getByTestId('statement-sheet');
      await eventually(() => sheet.getByTestId('statement-customer').innerText()).toContain(CUSTOMER);
      // This month's statement closes on the balance now, and lists the confirmed collection.
      await expect(sheet.getByTestId('statement-closing').innerText()).resolves.toBe(
        new Intl.NumberFormat('vi-VN').format(before - AMOUNT),
      );
      await expect(sheet.getByTestId('statement-lines').innerText()).resolves.toContain(code);
      await expect(cashier.getByTestId('print-button').isEnabled()).resolves.toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
