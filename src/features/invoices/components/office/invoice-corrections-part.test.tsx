/**
 * An adjustment of several invoices on its page: the other invoices on its list, each a link, and
 * the list itself (Mẫu 01/BK-ĐCTT) downloaded as Excel; an invoice without a list shows none.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { InvoiceRecord } from '@contract/invoices';
import { renderScreen, TEST_COMPANY } from '@/testing/screen-harness';
import { ListedInvoices } from './invoice-corrections-part';

const success = vi.hoisted(() => vi.fn());
vi.mock('@/ui/toast', () => ({ toast: { success, error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const downloadAdjustmentList = vi.hoisted(() => vi.fn(async () => 'bang-ke-dieu-chinh-00000012.xlsx'));
vi.mock('@/features/invoices/api/invoice-api', () => ({ downloadAdjustmentList, downloadAgreementScan: vi.fn() }));

const ADJUSTING = {
  id: '01a211d3-8f15-70d9-bb52-3627ac777050',
  number: '00000012',
  adjusts: { id: '01a211d3-8f15-70d9-bb52-3627ac777030', number: '00000007' },
  listed: [
    {
      id: '01a211d3-8f15-70d9-bb52-3627ac777041',
      number: '00000009',
      issued_on: '2026-11-05',
      template_no: '1',
      series: 'C26TAA',
      total: 1_050_000,
    },
  ],
} as unknown as InvoiceRecord;

describe('listed invoices of an adjustment', () => {
  it('links each listed invoice and downloads the list', async () => {
    renderScreen(<ListedInvoices companyId={TEST_COMPANY.id} invoice={ADJUSTING} />);
    const row = await screen.findByTestId('invoice-listed-row');
    expect(row.textContent).toContain('Số 00000009');
    expect(row.textContent).toContain('05/11/2026');
    expect(screen.getByRole('link', { name: 'Số 00000009' }).getAttribute('href')).toBe(`/invoices/${ADJUSTING.listed[0]!.id}`);
    fireEvent.click(screen.getByTestId('invoice-adjustment-list'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Đã tải về bang-ke-dieu-chinh-00000012.xlsx'));
    expect(downloadAdjustmentList).toHaveBeenCalledWith(TEST_COMPANY.id, ADJUSTING);
  });

  it('shows nothing for an adjustment without a list', async () => {
    renderScreen(
      <div data-testid="page">
        <ListedInvoices companyId={TEST_COMPANY.id} invoice={{ ...ADJUSTING, listed: [] }} />
      </div>,
    );
    expect((await screen.findByTestId('page')).textContent).toBe('');
  });
});
