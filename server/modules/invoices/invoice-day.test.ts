/**
 * An e-invoice is dated by Vietnam's day, not the UTC day. Issued at 03:08 on
 * 02/12 in Vietnam (20:08 on 01/12 in UTC), it is dated 02/12: at meInvoice (ngày lập, InvDate),
 * on the invoice the office reads, and when meInvoice answers its date as a moment in UTC.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvoiceRecord } from '@contract/invoices';
import { startInvoiceKit, type InvoiceKit } from '@server/testing/invoices.kit';
import { providerDay } from './meinvoice-client';

const AT = new Date('2026-12-01T20:08:00Z');

describe('the day meInvoice answers', () => {
  it('is read as the day in Vietnam', () => {
    expect(
      ['2026-12-01T20:08:00Z', '2026-12-01T20:08:00.000+00:00', '2026-12-02T03:08:00+07:00', '2026-12-02T03:08:00', '2026-12-02'].map(
        providerDay,
      ),
    ).toEqual(['2026-12-02', '2026-12-02', '2026-12-02', '2026-12-02', '2026-12-02']);
    expect(['2026-12-01T16:59:59Z', '2026-12-01T17:00:00Z'].map(providerDay)).toEqual(['2026-12-01', '2026-12-02']);
    expect([null, '', 'không rõ'].map(providerDay)).toEqual([null, null, null]);
  });
});

describe('an invoice issued at 03:08 in Vietnam', () => {
  let kit: InvoiceKit;
  beforeAll(async () => {
    kit = await startInvoiceKit();
    await kit.drain(); // the demo's two invoices
  }, 120_000);
  afterAll(async () => {
    await kit?.stop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is dated that day in Vietnam, not the UTC day before', async () => {
    const order = await kit.completedOrder();
    const company = kit.anKhang;
    const token = kit.accountant.access;
    vi.useFakeTimers({ toFake: ['Date'], now: AT, shouldAdvanceTime: true });
    const issued = await kit.server.call<InvoiceRecord>('/invoice/api/einvoice/', {
      token,
      body: {
        company,
        order_ids: [order.id],
        buyer: {
          legal_name: 'Nhà thuốc Minh Châu',
          name: 'Nguyễn Thị Châu',
          tax_code: '0100109106',
          address: '12 Lê Lợi, Phường Sài Gòn, TP. Hồ Chí Minh',
        },
      },
    });
    expect(issued.status, issued.body.message).toBe(201);
    await kit.drain();
    vi.useRealTimers();

    const detail = await kit.server.call<InvoiceRecord>(`/invoice/api/einvoice/${issued.body.data.id}/?company=${company}`, { token });
    expect([detail.body.data.status, detail.body.data.issued_on]).toEqual(['issued', '2026-12-02']);
    const sent = kit.sims.simulators.meinvoice.invoices().filter((invoice) => invoice.RefID === detail.body.data.ref_id);
    expect(sent.map((invoice) => invoice.InvDate)).toEqual(['2026-12-02']);
    const list = await kit.server.call<InvoiceRecord[]>(`/invoice/api/einvoice/?company=${company}&status=issued&limit=100`, { token });
    expect(list.body.data.find((row) => row.id === issued.body.data.id)?.issued_on).toBe('2026-12-02');
  });
});
