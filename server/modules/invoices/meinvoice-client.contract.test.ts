/**
 * meInvoice's calls as MISA documents them (simulators/meinvoice/fixtures, from MISA's integration
 * document misa.vn/154989 and its v3 cancel page), not as our simulator answers them: every request
 * our client sends carries only documented fields of their documented types, and every documented
 * answer becomes the outcome a caller acts on — the parsed value, "sign in again" (auth), "try
 * again" (a number collision), "already done" (a repeated RefID), or a refusal in Vietnamese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { einvoices } from '@server/kernel/db/schema';
import { ProviderError } from '@server/lib/provider-http';
import { checkRequest, loadFixture, startFakeProvider, type FakeProvider, type ProviderFixture } from '@server/testing/provider-contract';
import { invoiceData } from './invoice-data';
import { meInvoiceClient, type MeInvoiceConnection, type MeInvoiceSettings } from './meinvoice-client';

/** MISA documents no HTTP status for its refusals (the body says it): they are answered 200 here. */
const fixture = (file: string): ProviderFixture => {
  const loaded = loadFixture('meinvoice', file);
  return { ...loaded, answers: loaded.answers.map((answer) => ({ ...answer, status: answer.status ?? 200 })) };
};
const auth = fixture('auth-token.json');
const templates = fixture('templates.json');
const certificates = fixture('get-certificates.json');
const publishHsm = fixture('publish-hsm.json');
const replacement = fixture('publish-replacement.json');
const adjustment = fixture('publish-adjustment.json');
const status = fixture('status.json');
const download = fixture('download.json');
const cancel = fixture('cancel.json');
const cancelWithCode = fixture('cancel-with-code.json');
const OTHER_CALLS = [auth, templates, certificates, status, download, cancel, cancelWithCode];

type InvoiceRow = typeof einvoices.$inferSelect;
const REF_ID = '6a0b1f3e-3c1d-4f57-9b4c-2a7f0d6f1a11';
const settings: MeInvoiceSettings = {
  appId: 'APP',
  taxCode: '0312345673',
  username: 'ketoan@ankhang.vn',
  templateNo: '1',
  series: 'C25TAA',
  sellerLegalName: 'Công ty Dược phẩm An Khang',
  sellerAddress: '123 Nguyễn Trãi',
  sellerPhone: null,
  sellerEmail: null,
  sellerBankAccount: null,
  sellerBankName: null,
  sendEmail: false,
  sendSummary: false,
  certificateSN: '540110000F3B2C1D',
};
const line = {
  line_no: 1,
  order_line_id: 'x',
  item_code: 'SP01',
  item_name: 'Hapacol 250',
  unit: 'Hộp',
  quantity: 2,
  unit_price: 50_000,
  amount: 100_000,
  discount: 0,
  amount_without_vat: 100_000,
  vat_rate: '8%',
  vat_amount: 8_000,
  total: 108_000,
  is_gift: false,
};
const invoice = {
  refId: REF_ID,
  templateNo: '1',
  series: 'C25TAA',
  number: null,
  issuedOn: null,
  paymentMethod: 'TM/CK',
  note: 'Giao buổi sáng',
  replaceReason: null,
  buyer: {
    legal_name: 'Nhà thuốc Minh Châu',
    name: null,
    tax_code: '0101243150',
    address: 'Hà Nội',
    email: null,
    phone: null,
    code: 'KH01',
  },
  lines: [
    // A medicine that left in two lots (invoice-draft.ts medicineLine), and a gift of other goods.
    { ...line, item_name: 'Cefuroxim 500mg (SĐK VD-12345-20, Mã QG 123456)', lot_no: 'L2405, L2406', expiry_date: '2027-05-31' },
    { ...line, line_no: 2, item_code: 'SP02', amount: 0, unit_price: 0, amount_without_vat: 0, vat_amount: 0, total: 0, is_gift: true },
  ],
  byRate: [{ vat_rate: '8%', amount_without_vat: 100_000, vat_amount: 8_000 }],
  totalSale: 100_000,
  totalDiscount: 0,
  totalWithoutVat: 100_000,
  totalVat: 8_000,
  total: 108_000,
  amountInWords: 'Một trăm linh tám nghìn đồng.',
} as unknown as InvoiceRow;
const original = { ...invoice, refId: 'b3f1c2d4-0000-4000-8000-000000000002', number: '00000015', issuedOn: '2025-07-01' } as InvoiceRow;

let provider: FakeProvider;
async function serve(publishFixture: ProviderFixture) {
  await provider?.stop();
  provider = await startFakeProvider([publishFixture, ...OTHER_CALLS]);
}
function client(overrides: Partial<MeInvoiceSettings> = {}) {
  const connection = {
    id: 0,
    companyId: 1,
    provider: 'meinvoice',
    environment: 'sandbox',
    settings: { ...settings, ...overrides, baseUrl: provider.url },
    secrets: { password: 'secret' },
  } as unknown as MeInvoiceConnection;
  return meInvoiceClient(
    { db: null as never, vault: null as never, simulatorUrl: null, env: { providerTimeoutMs: 2_000 } as never },
    connection,
  );
}
async function outcome<T>(run: () => Promise<T>): Promise<T | { failure: string; retryable: boolean; message: string; code: unknown }> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { failure: error.failure, retryable: error.retryable, message: error.message, code: error.details.providerCode };
  }
}
const problems = () => provider.seen.map((seen) => `${seen.call}: ${seen.problems.join('; ')}`).filter((text) => !text.endsWith(': '));
const documentedErrors = (file: ProviderFixture) => file.answers.filter((answer) => answer.name !== 'ok').map((answer) => answer.name);

beforeAll(() => serve(publishHsm));
afterAll(async () => {
  await provider?.stop();
});

describe('meInvoice auth/token', () => {
  it('sends the four documented fields and reads the PascalCase token answer', async () => {
    provider.seen.length = 0;
    expect(await client().signIn()).toBe('<token>');
    expect(problems()).toEqual([]);
  });

  it('reads every documented refusal as the account to fix (reconnect), in Vietnamese', async () => {
    for (const name of documentedErrors(auth)) {
      provider.answer(auth.call, name);
      expect(await outcome(() => client().signIn())).toMatchObject({ failure: 'auth', retryable: false, code: name });
    }
    const refused = await outcome(() => client().signIn());
    expect(refused).toMatchObject({ message: 'Mã số thuế không đúng với tài khoản meInvoice' });
    provider.answer(auth.call, 'InActiveAppID');
    expect(await outcome(() => client().signIn())).toMatchObject({ message: 'Mã ứng dụng (AppID) MISA đã bị ngừng, hãy liên hệ MISA' });
    provider.answer(auth.call, 'ok');
  });
});

describe('meInvoice templates and certificates', () => {
  it('asks templates with only invoiceWithCode and ticket, and reads §14.1 rows', async () => {
    provider.seen.length = 0;
    const rows = await client().templates();
    expect(rows).toEqual([{ InvTemplateNo: '1', InvSeries: '...', TemplateName: '...', IsSendSummary: false, IsInvoiceWithCode: false }]);
    expect(provider.seen.at(-1)!.query).toEqual({ invoiceWithCode: 'true', ticket: 'false' });
    expect(problems()).toEqual([]);
  });

  it('takes the certificate in force, and none when meInvoice lists none', async () => {
    expect(await client().certificateSN()).toBe('540110000F3B2C1D');
    provider.answer(certificates.call, 'none');
    expect(await client().certificateSN()).toBeNull();
    expect(problems()).toEqual([]);
  });
});

describe('meInvoice invoice (publish, SignType 2)', () => {
  it('sends only §14.3/§14.4 fields: no seller, no form number, no note, a gift as ItemType 2', async () => {
    provider.seen.length = 0;
    expect(await client().publish(invoiceData(invoice, settings))).toEqual({
      kind: 'published',
      transactionId: '...',
      series: '1C25TAA',
      number: '00000015',
      issuedOn: '2025-07-01',
    });
    expect(problems()).toEqual([]);
    const sent = provider.seen.at(-1)!.body as { CertificateSN: string; InvoiceData: Array<Record<string, unknown>> };
    expect(sent.CertificateSN).toBe('540110000F3B2C1D');
    expect(sent.InvoiceData[0]).toMatchObject({ IsInvoiceSummary: false, RefID: REF_ID });
    expect(sent.InvoiceData[0]).not.toHaveProperty('InvoiceNote');
    expect((sent.InvoiceData[0]!.OriginalInvoiceDetail as Array<{ ItemType: number }>).map((row) => row.ItemType)).toEqual([1, 2]);
  });

  it("sends a medicine's lots and expiry as §14.4 LotNo (string) and ExpiryDate (DateTime, a day), and none on other goods", () => {
    const seen = provider.seen.at(-1)!;
    const [medicine, gift] = (seen.body as { InvoiceData: Array<{ OriginalInvoiceDetail: Array<Record<string, unknown>> }> })
      .InvoiceData[0]!.OriginalInvoiceDetail;
    expect(medicine).toMatchObject({
      ItemName: 'Cefuroxim 500mg (SĐK VD-12345-20, Mã QG 123456)',
      LotNo: 'L2405, L2406',
      ExpiryDate: '2027-05-31',
    });
    expect(gift).not.toHaveProperty('LotNo');
    expect(gift).not.toHaveProperty('ExpiryDate');
    // The checker holds the document's types: an expiry as Vietnamese text, or a number for the lot, is caught.
    const strayed = structuredClone(seen.body) as { InvoiceData: Array<{ OriginalInvoiceDetail: object[] }> };
    strayed.InvoiceData[0]!.OriginalInvoiceDetail[0] = { ...medicine, LotNo: 2405, ExpiryDate: '31/05/2027' };
    expect(checkRequest(publishHsm, { ...seen, body: strayed })).toEqual([
      'InvoiceData[].OriginalInvoiceDetail[].LotNo is integer, documented string',
      'InvoiceData[].OriginalInvoiceDetail[].ExpiryDate is string, documented DateTime',
    ]);
  });

  it('is caught when the request strays from the document (our old shape: seller, form, reason by other names)', () => {
    const seen = provider.seen.at(-1)!;
    const body = seen.body as { InvoiceData: Array<Record<string, unknown>> };
    const { IsInvoiceSummary: _summary, ...first } = body.InvoiceData[0]!;
    const old = { ...body, InvoiceData: [{ ...first, InvTemplateNo: '1', SellerLegalName: 'An Khang', ReferenceReason: 'Sai' }] };
    expect(checkRequest(publishHsm, { ...seen, body: old })).toEqual([
      'InvoiceData[].InvTemplateNo is not a documented field',
      'InvoiceData[].SellerLegalName is not a documented field',
      'InvoiceData[].ReferenceReason is not a documented field',
      'InvoiceData[].IsInvoiceSummary is required and was not sent',
    ]);
  });

  it('reads a repeated RefID as already done, and a number collision as try again', async () => {
    provider.answer(publishHsm.call, 'DuplicateInvoiceRefID');
    expect(await client().publish(invoiceData(invoice, settings))).toEqual({ kind: 'already', code: 'DuplicateInvoiceRefID' });
    provider.answer(publishHsm.call, 'DuplicateRefID');
    expect(await client().publish(invoiceData(invoice, settings))).toEqual({ kind: 'already', code: 'DuplicateRefID' });
    for (const name of ['InvoiceDuplicated', 'InvoiceNumberNotCotinuous']) {
      provider.answer(publishHsm.call, name);
      expect(await outcome(() => client().publish(invoiceData(invoice, settings)))).toMatchObject({ retryable: true, code: name });
    }
  });

  it('signs in again once on a token code, then asks for a reconnect', async () => {
    for (const name of ['UnAuthorize', 'TokenExpiredCode', 'InvalidTokenCode']) {
      provider.answer(publishHsm.call, name);
      provider.seen.length = 0;
      expect(await outcome(() => client().publish(invoiceData(invoice, settings)))).toMatchObject({ failure: 'auth', code: name });
      expect(provider.seen.map((seen) => seen.call)).toEqual([auth.call, publishHsm.call, auth.call, publishHsm.call]);
    }
  });

  it('refuses every other documented code in Vietnamese, without retrying', async () => {
    const others = documentedErrors(publishHsm).filter(
      (name) =>
        !/^(DuplicateInvoiceRefID|DuplicateRefID|InvoiceDuplicated|InvoiceNumberNotCotinuous|UnAuthorize|TokenExpiredCode|InvalidTokenCode|InvalidTaxCode)$/.test(
          name,
        ),
    );
    expect(others.length).toBeGreaterThan(30);
    for (const name of others) {
      provider.answer(publishHsm.call, name);
      const result = await outcome(() => client().publish(invoiceData(invoice, settings)));
      expect(result, name).toMatchObject({ failure: 'rejected', retryable: false, code: name });
      expect((result as { message: string }).message, name).not.toMatch(/mã lỗi/);
    }
    provider.answer(publishHsm.call, 'ok');
  });
});

describe('meInvoice replacement and adjustment (§10)', () => {
  it('replaces with ReferenceType 1 and the original by form, 6-character series, number and date, the reason in InvoiceNote', async () => {
    await serve(replacement);
    const data = invoiceData({ ...invoice, replaceReason: 'Sai địa chỉ' }, settings, { type: 1, original, reason: 'Sai địa chỉ' });
    expect(await client().publish(data)).toMatchObject({ kind: 'published', number: '00000015' });
    expect(problems()).toEqual([]);
    expect((provider.seen.at(-1)!.body as { InvoiceData: unknown[] }).InvoiceData[0]).toMatchObject({
      ReferenceType: 1,
      OrgInvoiceType: 1,
      OrgInvTemplateNo: '1',
      OrgInvSeries: 'C25TAA',
      OrgInvNo: '00000015',
      OrgInvDate: '2025-07-01',
      InvoiceNote: 'Sai địa chỉ',
    });
    for (const name of ['InvoiceCannotReplace', 'InvoiceCannotReplaceByStatusNew', 'HasAdjustmentInvoice']) {
      provider.answer(replacement.call, name);
      expect(await outcome(() => client().publish(data))).toMatchObject({ failure: 'rejected', code: name });
    }
  });

  it('adjusts with ReferenceType 2 in the same shape', async () => {
    await serve(adjustment);
    const data = invoiceData(invoice, settings, { type: 2, original, reason: 'Giảm giá sau bán' });
    expect(await client().publish(data)).toMatchObject({ kind: 'published' });
    expect(problems()).toEqual([]);
    expect((provider.seen.at(-1)!.body as { InvoiceData: unknown[] }).InvoiceData[0]).toMatchObject({
      ReferenceType: 2,
      InvoiceNote: 'Giảm giá sau bán',
    });
    // Information only: no goods, one §14.4 note line (ItemType 4) and the original's rates at zero.
    const info = { ...invoice, lines: [], byRate: [], totalSale: 0, totalDiscount: 0, totalWithoutVat: 0, totalVat: 0, total: 0 };
    const infoData = invoiceData(info, settings, { type: 2, original, reason: 'Sai tên người mua' });
    expect(await client().publish(infoData)).toMatchObject({ kind: 'published' });
    expect(problems()).toEqual([]);
    const sent = (provider.seen.at(-1)!.body as { InvoiceData: Record<string, unknown>[] }).InvoiceData[0]!;
    expect(sent.OriginalInvoiceDetail).toEqual([expect.objectContaining({ ItemType: 4, AmountWithoutVATOC: 0, VATAmountOC: 0 })]);
    expect(sent.TaxRateInfo).toEqual(
      original.byRate.map((rate) => ({ VATRateName: rate.vat_rate, AmountWithoutVATOC: 0, VATAmountOC: 0 })),
    );
    provider.answer(adjustment.call, 'InvoiceCannotAdjust');
    expect(await outcome(() => client().publish(data))).toMatchObject({
      failure: 'rejected',
      message: 'Không thể điều chỉnh hóa đơn đã hủy hoặc đã bị thay thế',
    });
    await serve(publishHsm);
  });
});

describe('meInvoice status, download, cancel', () => {
  it('reads §14.11 status by RefID: the published day from PublishedTime, the authority code, not cancelled', async () => {
    provider.seen.length = 0;
    expect(await client().statusByRef(REF_ID)).toEqual({
      refId: REF_ID,
      transactionId: '...',
      series: '1C25TAA',
      number: '00000015',
      issuedOn: '2025-07-01',
      taxAuthorityCode: 'M1-25-...',
      cancelled: false,
      taxRefused: false,
    });
    expect(await client().statusByRef('an-unknown-ref')).toBeNull();
    expect(provider.seen[1]!.query).toEqual({ invoiceWithCode: 'true', invoiceCalcu: 'false', inputType: '2' });
    expect(problems()).toEqual([]);
  });

  it('downloads the base64 file, and refuses an unknown TransactionID in Vietnamese', async () => {
    expect((await client().download('TranID1', 'pdf')).length).toBeGreaterThan(0);
    provider.answer(download.call, 'InvalidTransactionID');
    expect(await outcome(() => client().download('TranID1', 'pdf'))).toMatchObject({
      failure: 'rejected',
      message: 'Mã tra cứu hóa đơn không hợp lệ',
    });
    expect(problems()).toEqual([]);
  });

  it('cancels on the v3 line, có mã under /code, with CompanyTaxCode and the four documented fields', async () => {
    provider.seen.length = 0;
    const input = { transactionId: 'T1', number: '00000015', date: '2025-07-01', reason: 'Lập nhầm' };
    await client().cancel(input);
    await client({ series: 'K25TAA' }).cancel(input);
    expect(provider.seen.map((seen) => seen.call)).toEqual([auth.call, cancelWithCode.call, auth.call, cancel.call]);
    expect(provider.seen[1]!.headers.companytaxcode).toBe('0312345673');
    expect(problems()).toEqual([]);
    provider.answer(cancelWithCode.call, 'TokenExpiredCode');
    expect(await outcome(() => client().cancel(input))).toMatchObject({ failure: 'auth', code: 'TokenExpiredCode' });
  });
});

describe('meInvoice token refusals on every other call', () => {
  it('signs in again once, then asks for a reconnect, for each documented token code of each call', async () => {
    const runs: Array<[ProviderFixture, () => Promise<unknown>]> = [
      [templates, () => client().templates()],
      [certificates, () => client().certificateSN()],
      [status, () => client().statusByRef(REF_ID)],
      [download, () => client().download('TranID1', 'xml')],
      [cancelWithCode, () => client().cancel({ transactionId: 'T1', number: '00000015', date: '2025-07-01', reason: 'Lập nhầm' })],
    ];
    for (const [call, run] of runs) {
      for (const name of documentedErrors(call).filter((error) => /Token|UnAuthorize/.test(error))) {
        provider.answer(call.call, name);
        provider.seen.length = 0;
        expect(await outcome(run), `${call.call} ${name}`).toMatchObject({ failure: 'auth', code: name });
        expect(provider.seen.map((seen) => seen.call)).toEqual([auth.call, call.call, auth.call, call.call]);
      }
      provider.answer(call.call, 'ok');
    }
    expect(problems()).toEqual([]);
  });
});
