/**
 * "Xuất Excel" on the statement: shown to a role with receivables export once the statement is
 * read, it downloads the period on screen through the one download call (src/api/files.ts); a
 * role that may only read the statement has no button (the server refuses it the file too).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { receivablePaths, type StatementRecord } from '@contract/receivables';
import type * as Files from '@/api/files';
import { dayjs } from '@/lib/dayjs';
import { enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { StatementView } from './statement-view';

const download = vi.hoisted(() => vi.fn(async (_path: string, _query: unknown, name: string) => name));
vi.mock('@/api/files', async (original) => ({ ...(await original<typeof Files>()), downloadFile: download }));

const CUSTOMER = '01a211d3-8f15-70d9-bb52-3627ac777004';
const STATEMENT: StatementRecord = {
  opening: 1_000_000,
  increases: 500_000,
  payments: 200_000,
  returns: 0,
  closing: 1_300_000,
  company: { title: TEST_COMPANY.title, address: null, phone: null, tax_code: null },
  customer: { code: 'KH000004', name: 'Nhà thuốc Hồng Phúc', address: '', phone: null, tax_code: null, owner_name: null },
  date_from: '2026-12-01',
  date_to: '2026-12-03',
  lines: [
    { day: '2026-12-02', document: 'DH000042', kind: 'order', description: 'Bán hàng', increase: 500_000, decrease: 0 },
    { day: '2026-12-03', document: 'PT000007', kind: 'payment', description: 'Thanh toán', increase: 0, decrease: 200_000 },
  ],
  goods: [],
};

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
  download.mockClear();
});

describe('the statement’s Xuất Excel', () => {
  it('downloads the period on screen for a role with receivables export', async () => {
    enterWorkspace(roleAccess({ receivables: ['view', 'export'] }));
    serveApi({ [receivablePaths.statement]: { data: STATEMENT } });
    renderScreen(<StatementView companyId={TEST_COMPANY.id} customerId={CUSTOMER} onBack={() => undefined} />);
    fireEvent.click(await screen.findByTestId('statement-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [from, to] = [dayjs().startOf('month').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD')];
    expect(download.mock.calls[0]).toEqual([
      receivablePaths.statementExport,
      { company: TEST_COMPANY.id, customer: CUSTOMER, date_from: from, date_to: to },
      `doi-chieu-cong-no-KH000004-${from.replace(/-/g, '')}-${to.replace(/-/g, '')}.xlsx`,
    ]);
  });

  it('shows no button to a role that may only read the statement', async () => {
    enterWorkspace(roleAccess({ receivables: ['view'] }));
    serveApi({ [receivablePaths.statement]: { data: STATEMENT } });
    renderScreen(<StatementView companyId={TEST_COMPANY.id} customerId={CUSTOMER} onBack={() => undefined} />);
    await screen.findByTestId('statement-sheet');
    expect(screen.queryByTestId('statement-export')).toBeNull();
  });
});
