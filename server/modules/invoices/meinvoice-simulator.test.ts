/**
 * Our meInvoice simulator (simulators/meinvoice) refuses a detail line's fields the way MISA's §15
 * says it does (`InvoiceDetail_<field>`, simulators/meinvoice/fixtures/error-codes.json), so the
 * app's tests through it do not pass on lines the real service would refuse: a lot number that is
 * not text, an expiry that is not a date (§14.4 LotNo string, ExpiryDate DateTime).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { loadFixture } from '@server/testing/provider-contract';
import { faultQueue } from '@simulators/faults';
import { meinvoiceSimulator } from '@simulators/meinvoice';

let sim: ReturnType<typeof meinvoiceSimulator>;
let token: string;

async function call(path: string, body: unknown) {
  const answer = await sim.app.request(`/api/integration${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as Record<string, unknown>;
}

beforeEach(async () => {
  sim = meinvoiceSimulator({ baseUrl: 'http://sim/meinvoice', faults: faultQueue() });
  token = '';
  const signedIn = await call('/auth/token', { appid: 'APP', taxcode: '0312345673', username: 'ketoan', password: 'x' });
  token = signedIn.Data as string;
});

/** The publish fixture's own invoice, in this year's series, with its one line changed by `line`. */
async function publish(line: Record<string, unknown>) {
  const request = loadFixture('meinvoice', 'publish-hsm.json').request as { InvoiceData: Array<Record<string, unknown>> };
  const [invoice] = request.InvoiceData as Array<{ OriginalInvoiceDetail: Array<Record<string, unknown>> }>;
  const item = {
    ...invoice,
    RefID: crypto.randomUUID(),
    InvSeries: `C${String(new Date().getFullYear() % 100)}TAA`,
    OriginalInvoiceDetail: [{ ...invoice!.OriginalInvoiceDetail[0], ...line }],
  };
  const answer = await call('/invoice', { ...request, InvoiceData: [item] });
  return (JSON.parse(answer.publishInvoiceResult as string) as Array<{ ErrorCode: string | null }>)[0]!.ErrorCode;
}

describe('meInvoice simulator: a detail line’s lot and expiry', () => {
  it('publishes a line with a lot and an expiry day (or time), and keeps them on the invoice', async () => {
    expect(await publish({ LotNo: 'L2405, L2406', ExpiryDate: '2027-05-31' })).toBeNull();
    expect(await publish({ LotNo: 'L2405', ExpiryDate: '2027-05-31T00:00:00' })).toBeNull();
    expect(await publish({})).toBeNull();
    expect(sim.invoices().map((invoice) => [invoice.Lines[0]!.LotNo, invoice.Lines[0]!.ExpiryDate])).toEqual([
      ['L2405, L2406', '2027-05-31'],
      ['L2405', '2027-05-31'],
      [null, null],
    ]);
  });

  it('refuses a lot that is not text, and an expiry that is not a date, naming the field (§15 InvoiceDetail_)', async () => {
    expect(await publish({ LotNo: 2405 })).toBe('InvoiceDetail_LotNo');
    expect(await publish({ ExpiryDate: '31/05/2027' })).toBe('InvoiceDetail_ExpiryDate');
    expect(await publish({ ExpiryDate: '2027-02-30' })).toBe('InvoiceDetail_ExpiryDate');
    expect(await publish({ ExpiryDate: 20270531 })).toBe('InvoiceDetail_ExpiryDate');
    expect(sim.invoices()).toEqual([]);
  });
});
