import { modals } from '@mantine/modals';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import DialogsHost from '@/ui/dialogs-host';
import { addVariant, emptyDraft, type LineVariant } from '@/features/warehouse/model/receipt-form';
import { ReceiptForm } from './receipt-form';

configure({ asyncUtilTimeout: 5_000 });

const PANADOL: LineVariant = {
  id: 3,
  name: 'Panadol Extra',
  sku: 'SP000003-1',
  units: [
    { unit: 'viên', factor: 1, price: 1_500 },
    { unit: 'hộp', factor: 180, price: 257_000 },
  ],
  isMedicine: true,
};
const scope = { companyId: TEST_COMPANY.id, accountId: TEST_ACCOUNT.id, multi: false, active: null, isMobile: false };
/** DD/MM/YYYY of the Vietnamese day `n` days from today. */
function typedDay(n: number): string {
  const [year, month, day] = new Date(Date.parse(`${vietnamDay()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

afterEach(() => {
  act(() => modals.closeAll());
  leaveWorkspace();
  vi.unstubAllGlobals();
});

/** The company quarantines short-dated goods under 90 days; the receipt's POST is accepted. */
function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') return Response.json({ code: 201, data: { id: '01a211d3-8f15-70d9-bb52-3627ac777005' } });
    if (path.includes('/warehouse/api/settings/'))
      return Response.json({ code: 200, data: { regime: 'TT99', short_dated_days: 90, short_dated_rule: 'quarantine' } });
    return Response.json({ code: 200, data: [], count: 0 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderImport() {
  renderScreen(
    <>
      <DialogsHost />
      <ReceiptForm
        scope={scope}
        kind="import"
        id={null}
        initial={addVariant(emptyDraft(vietnamDay(), null), PANADOL, 'hộp')}
        onCancel={vi.fn()}
      />
    </>,
  );
}

describe('an import line with an expired or short-dated lot', () => {
  it('is flagged on its line as the expiry is typed, with where the lot will land', async () => {
    enterWorkspace(ADMIN_ACCESS);
    serve();
    renderImport();
    const line = await screen.findByTestId('receipt-line');
    expect(within(line).queryByTestId('line-expiry-warning')).toBeNull();

    fireEvent.change(within(line).getByTestId('line-expires-on'), { target: { value: '01012025' } });
    await waitFor(() =>
      expect(within(line).getByTestId('line-expiry-warning').textContent).toBe(
        'Lô đã hết hạn. Khi hoàn thành, lô sẽ vào biệt trữ, không được bán.',
      ),
    );

    fireEvent.change(within(line).getByTestId('line-expires-on'), { target: { value: typedDay(45) } });
    await waitFor(() =>
      expect(within(line).getByTestId('line-expiry-warning').textContent).toBe(
        'Lô cận hạn: còn 45 ngày. Khi hoàn thành, lô sẽ vào biệt trữ, không được bán.',
      ),
    );

    fireEvent.change(within(line).getByTestId('line-expires-on'), { target: { value: typedDay(400) } });
    await waitFor(() => expect(within(line).queryByTestId('line-expiry-warning')).toBeNull());
  });

  it('makes completing ask first, naming the line, and sends only once confirmed', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = serve();
    renderImport();
    const line = await screen.findByTestId('receipt-line');
    fireEvent.change(within(line).getByTestId('line-lot-no'), { target: { value: 'A1' } });
    fireEvent.change(within(line).getByTestId('line-expires-on'), { target: { value: '01/01/2025' } });
    await within(line).findByTestId('line-expiry-warning');

    fireEvent.click(screen.getByTestId('receipt-complete'));
    const question = await screen.findByTestId('receipt-expiry-question');
    expect(question.textContent).toContain('1. Panadol Extra lô A1: Lô đã hết hạn (vào biệt trữ)');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Vẫn hoàn thành' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      status: 'completed',
      lines: [{ variant_id: 3, lot_no: 'A1', expires_on: '2025-01-01' }],
    });
  });
});
