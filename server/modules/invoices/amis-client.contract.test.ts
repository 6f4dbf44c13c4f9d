/**
 * AMIS Kế toán's calls as MISA and the public clients document them (simulators/amis/fixtures),
 * not as our simulator answers them: every request our client sends carries only documented fields
 * of their documented types, and every documented answer becomes the outcome a caller acts on —
 * the token, the dictionary read from its typed fields, "accepted" (the result comes on the
 * callback), a refused connection code to fix (reconnect), or AMIS's refusal with its message.
 * The callback AMIS sends us is proved in accounting.routes.test.ts ("the callback").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '@server/lib/provider-http';
import { checkRequest, loadFixture, startFakeProvider, type FakeProvider, type ProviderFixture } from '@server/testing/provider-contract';
import { amisClient, type AmisConnection, type AmisSecrets } from './amis-client';

/** AMIS documents no HTTP status for its refusals (the body says it): they are answered 200 here. */
const fixture = (file: string): ProviderFixture => {
  const loaded = loadFixture('amis', file);
  return { ...loaded, answers: loaded.answers.map((answer) => ({ ...answer, status: answer.status ?? 200 })) };
};
const connect = fixture('connect.json');
const getDictionary = fixture('get-dictionary.json');
const saveDictionary = fixture('save-dictionary.json');
const saveVoucher = fixture('save-voucher.json');

let provider: FakeProvider;
beforeAll(async () => {
  provider = await startFakeProvider([connect, getDictionary, saveDictionary, saveVoucher]);
});
afterAll(async () => {
  await provider?.stop();
});

function client(secrets: AmisSecrets = { accessCode: 'MA-KET-NOI' }) {
  const connection = {
    id: 0,
    companyId: 1,
    provider: 'amis',
    environment: 'production',
    settings: { appId: 'APP', orgCompanyCode: 'ANKHANG', baseUrl: provider.url },
    secrets,
  } as unknown as AmisConnection;
  const deps = {
    db: null as never,
    vault: null as never,
    simulatorUrl: null,
    publicUrl: 'https://dms.example',
    env: { providerTimeoutMs: 2_000 } as never,
  };
  return amisClient(deps, connection, 'https://dms.example/api/invoice/api/amis-callback/1/token/');
}
const kept = { accessCode: 'MA-KET-NOI', token: 'kept-token', tokenExpiresAt: new Date(Date.now() + 3600_000).toISOString() };
async function outcome<T>(run: () => Promise<T>): Promise<T | { failure: string; retryable: boolean; message: string }> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { failure: error.failure, retryable: error.retryable, message: error.message };
  }
}
const problems = () => provider.seen.filter((seen) => seen.problems.length > 0).map((seen) => `${seen.call}: ${seen.problems.join('; ')}`);

describe('AMIS connect', () => {
  it('sends app_id, access_code and org_company_code only (no callback_url), and reads the token from Data text', async () => {
    provider.seen.length = 0;
    const token = await client().connect();
    expect(token.token).toBe('...');
    // No source gives an expiry: about 12 hours.
    expect(Date.parse(token.expiresAt) - Date.now()).toBeGreaterThan(11 * 3600_000);
    expect(problems()).toEqual([]);
    expect(provider.seen[0]!.body).not.toHaveProperty('callback_url');
  });

  it('reads a refused connection as the connection to fix, with AMIS’s message', async () => {
    provider.answer(connect.call, 'refused');
    expect(await outcome(() => client().connect())).toEqual({ failure: 'auth', retryable: false, message: 'AMIS: <message>' });
    provider.answer(connect.call, 'ok');
  });
});

describe('AMIS get_dictionary', () => {
  it('asks 100 a page and reads the typed fields (account_object_code / _name)', async () => {
    provider.seen.length = 0;
    expect(await client(kept).dictionary('customer')).toEqual([{ code: 'KH001', name: 'Công ty A' }]);
    expect(provider.seen.map((seen) => seen.body)).toEqual([
      { app_id: 'APP', org_company_code: 'ANKHANG', data_type: 1, skip: 0, take: 100 },
    ]);
    expect(provider.seen[0]!.headers['x-misa-accesstoken']).toBe('kept-token');
    expect(problems()).toEqual([]);
  });

  it('does not ask AMIS for accounts (no source gives them a data_type; 4 is đơn vị tính)', async () => {
    provider.seen.length = 0;
    const accounts = await client(kept).dictionary('account');
    expect(accounts.map((item) => item.code)).toEqual(expect.arrayContaining(['131', '5111', '33311']));
    expect(provider.seen).toEqual([]);
  });

  it('tries a refused kept token once with a fresh one, then gives AMIS’s refusal', async () => {
    provider.answer(getDictionary.call, 'refused');
    provider.seen.length = 0;
    expect(await outcome(() => client(kept).dictionary('variant'))).toEqual({
      failure: 'rejected',
      retryable: false,
      message: 'AMIS: <message>',
    });
    expect(provider.seen.map((seen) => seen.call)).toEqual([getDictionary.call, connect.call, getDictionary.call]);
    provider.answer(getDictionary.call, 'ok');
  });
});

describe('AMIS save_dictionary and save', () => {
  it('saves each entry with its own dictionary_type and typed fields', async () => {
    provider.seen.length = 0;
    await client(kept).saveDictionary('customer', [{ code: 'KH001', name: 'Nhà thuốc Minh Châu' }]);
    await client(kept).saveDictionary('variant', [{ code: 'SP001', name: 'Hapacol 250' }]);
    await client(kept).saveDictionary('warehouse', [{ code: 'KHO1', name: 'Kho tổng' }]);
    expect(provider.seen.map((seen) => (seen.body as { dictionary: unknown[] }).dictionary[0])).toEqual([
      { dictionary_type: 1, account_object_code: 'KH001', account_object_name: 'Nhà thuốc Minh Châu' },
      { dictionary_type: 3, inventory_item_code: 'SP001', inventory_item_name: 'Hapacol 250' },
      { dictionary_type: 5, stock_code: 'KHO1', stock_name: 'Kho tổng' },
    ]);
    expect(problems()).toEqual([]);
  });

  it('is caught when the request strays from the document (our old shape: data_type on top, {code, name} items)', () => {
    const seen = provider.seen[0]!;
    const old = { app_id: 'APP', org_company_code: 'ANKHANG', data_type: 1, dictionary: [{ code: 'KH001', name: 'Nhà thuốc Minh Châu' }] };
    expect(checkRequest(saveDictionary, { ...seen, body: old })).toEqual([
      'data_type is not a documented field',
      'dictionary[].code is not a documented field',
      'dictionary[].name is not a documented field',
      'dictionary[].dictionary_type is required and was not sent',
    ]);
  });

  it('sends vouchers in the documented envelope; accepted means the result comes on the callback', async () => {
    provider.seen.length = 0;
    const voucher = { voucher_type: 13, org_refid: '0b6f8c9e-1111-4222-8333-444455556666', detail: [] };
    expect(await client(kept).saveVouchers([voucher])).toBeNull();
    expect(problems()).toEqual([]);
    provider.answer(saveVoucher.call, 'refused');
    expect(await outcome(() => client().saveVouchers([voucher]))).toEqual({
      failure: 'rejected',
      retryable: false,
      message: 'AMIS: <message>',
    });
    provider.answer(saveVoucher.call, 'accepted');
  });
});
