/**
 * The receipt's "Hình thức" line: a transfer shows the bank's transaction code the collector typed;
 * a COD payment recorded from a delivery shows only "Thu hộ (COD)", never its internal key
 * (cod:<delivery id>, contract/payment-reference.ts).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '@contract/receivables';
import { codPaymentReference } from '@contract/payment-reference';
import { renderScreen } from '@/testing/screen-harness';
import { ReceiptSheet } from './payment-receipt-view';

const DELIVERY = '01a211d3-8f15-70d9-bb52-3627ac777010';
const PAYMENT: PaymentRecord = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777011',
  company: 1,
  code: 'PT000123',
  customer_id: '01a211d3-8f15-70d9-bb52-3627ac777004',
  customer_code: 'KH000004',
  customer_name: 'Nhà thuốc Hồng Phúc',
  customer_address: '',
  order_id: null,
  order_code: null,
  amount: 500_000,
  method: 'cod',
  reference: codPaymentReference(DELIVERY),
  note: null,
  state: 'confirmed',
  collected_by: null,
  collected_by_name: null,
  collected_at: '2026-12-03T02:00:00.000Z',
  confirmed_by_name: null,
  confirmed_at: null,
  cancel_reason: null,
  allocations: [],
  created_at: '2026-12-03T02:00:00.000Z',
};

describe('ReceiptSheet', () => {
  it('shows a COD payment by its method, without the delivery key', async () => {
    renderScreen(<ReceiptSheet payment={PAYMENT} companyTitle="Công ty Dược An Bình" />);
    expect(await screen.findByText('Thu hộ (COD)')).toBeTruthy();
    expect(document.body.textContent).not.toContain('cod:');
    expect(document.body.textContent).not.toContain(DELIVERY);
  });

  it('shows the transaction code of a transfer', async () => {
    renderScreen(
      <ReceiptSheet payment={{ ...PAYMENT, method: 'transfer', reference: 'FT26337123456' }} companyTitle="Công ty Dược An Bình" />,
    );
    expect(await screen.findByText(/mã giao dịch FT26337123456/)).toBeTruthy();
  });
});
