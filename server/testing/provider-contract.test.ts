/**
 * The contract checker refuses what a provider's documents do not describe: it is what every
 * provider's contract test leans on, so it is proved here with GHN's and GHTK's published shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRequest, loadFixture, startFakeProvider, type FakeProvider } from './provider-contract';

const fee = loadFixture('ghn', 'fee.json');
const ghtkCreate = loadFixture('ghtk', 'create-order.json');
const seen = (body: unknown, extra: { method?: string; path?: string; query?: Record<string, string> } = {}) => ({
  method: extra.method ?? 'POST',
  path: extra.path ?? '/shiip/public-api/v2/shipping-order/fee',
  query: extra.query ?? {},
  headers: {},
  body,
});

describe('checkRequest', () => {
  it("passes GHN's own documented fee request", () => {
    expect(checkRequest(fee, seen(fee.request))).toEqual([]);
  });

  it('refuses province and ward names where GHN documents district and ward ids', () => {
    const problems = checkRequest(
      fee,
      seen({ service_type_id: 2, to_province_name: 'Hà Nội', to_ward_name: 'Phường Ba Đình', weight: 500 }),
    );
    expect(problems).toEqual([
      'to_province_name is not a documented field',
      'to_ward_name is not a documented field',
      'to_district_id is required and was not sent',
      'to_ward_code is required and was not sent',
    ]);
  });

  it('refuses a field of the wrong type, the wrong method and the wrong path', () => {
    const problems = checkRequest(fee, seen({ ...(fee.request as object), to_district_id: '1820' }, { method: 'GET', path: '/fee' }));
    expect(problems).toEqual([
      'method GET, documented POST',
      'path /fee, documented /shiip/public-api/v2/shipping-order/fee',
      'to_district_id is string, documented integer',
    ]);
  });

  it('names a required field left out, inside nested objects, and takes the query the documented path carries', () => {
    const place = { province: 'TP. Hồ Chí Minh', ward: 'Phường Bến Nghé', street: 'Nguyễn Chí Thanh', hamlet: 'Khác', address: '123' };
    const order = {
      ...place,
      id: 'DH1',
      pick_name: 'Kho',
      pick_money: 47_000,
      pick_address: '590 CMT8',
      pick_province: 'TP. Hồ Chí Minh',
      pick_district: 'Quận 3',
      pick_tel: '0911222333',
      name: 'Nhà thuốc',
      tel: '0911222333',
      value: 47_000,
    };
    const body = { products: [{ name: 'Hapacol', weight: 0.1 }], order };
    const problems = checkRequest(ghtkCreate, seen(body, { path: '/services/shipment/order', query: { ver: '1.5' } }));
    expect(problems).toEqual(['order.district is required and was not sent']);
  });

  it("reads a query's text as the number it documents, and a JSON query (Zalo's data=) by its documented fields", () => {
    const templates = loadFixture('zalo', 'zns-template-all.json');
    const page = (query: Record<string, string>) =>
      checkRequest(templates, seen(undefined, { method: 'GET', path: '/template/all', query }));
    expect(page({ offset: '0', limit: '100' })).toEqual([]);
    expect(page({ offset: 'first', limit: '100' })).toEqual(['offset is string, documented integer']);
    const followers = loadFixture('zalo', 'oa-user-getlist.json');
    const list = (data: string) =>
      checkRequest(followers, seen(undefined, { method: 'GET', path: '/v3.0/oa/user/getlist', query: { data } }));
    expect(list(JSON.stringify({ offset: 0, count: 50, is_follower: true }))).toEqual([]);
    expect(list(JSON.stringify({ offset: 0, count: '50', page: 1 }))).toEqual([
      'data.count is string, documented integer',
      'data.page is not a documented field',
    ]);
  });

  it("takes a documented DateTime (meInvoice's ExpiryDate) as an ISO day or time, not another text or a day that does not exist", () => {
    const publish = loadFixture('meinvoice', 'publish-hsm.json');
    const request = publish.request as { InvoiceData: Array<{ OriginalInvoiceDetail: object[] }> };
    const withLine = (extra: object) => {
      const [invoice] = request.InvoiceData;
      const line = { ...invoice!.OriginalInvoiceDetail[0], LotNo: 'L2405', ...extra };
      const body = { ...request, InvoiceData: [{ ...invoice, OriginalInvoiceDetail: [line] }] };
      return checkRequest(publish, seen(body, { path: '/api/integration/invoice' }));
    };
    expect(withLine({ ExpiryDate: '2027-05-31' })).toEqual([]);
    expect(withLine({ ExpiryDate: '2027-05-31T00:00:00' })).toEqual([]);
    const detail = 'InvoiceData[].OriginalInvoiceDetail[]';
    expect(withLine({ ExpiryDate: '31/05/2027' })).toEqual([`${detail}.ExpiryDate is string, documented DateTime`]);
    expect(withLine({ ExpiryDate: '2027-02-30' })).toEqual([`${detail}.ExpiryDate is string, documented DateTime`]);
    expect(withLine({ ExpiryDate: 20270531, LotNo: 2405 })).toEqual([
      `${detail}.LotNo is integer, documented string`,
      `${detail}.ExpiryDate is integer, documented DateTime`,
    ]);
  });
});

describe('startFakeProvider', () => {
  let provider: FakeProvider;
  beforeAll(async () => {
    provider = await startFakeProvider([fee]);
  });
  afterAll(async () => {
    await provider?.stop();
  });

  it('answers a documented answer chosen by name, and records what it found wrong with the request', async () => {
    const errorName = fee.answers.find((answer) => answer.status !== 200)!.name;
    provider.answer('fee', errorName);
    const response = await fetch(`${provider.url}/shiip/public-api/v2/shipping-order/fee`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to_province_name: 'Hà Nội' }),
    });
    expect(response.status).toBe(fee.answers.find((answer) => answer.name === errorName)!.status);
    expect(provider.seen.at(-1)).toMatchObject({
      call: 'fee',
      problems: [
        'to_province_name is not a documented field',
        'to_district_id is required and was not sent',
        'to_ward_code is required and was not sent',
      ],
    });
  });

  it('answers 404 to a call no fixture documents', async () => {
    const response = await fetch(`${provider.url}/shiip/public-api/v2/shipping-order/fees`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(provider.seen.at(-1)).toMatchObject({
      call: null,
      problems: ['POST /shiip/public-api/v2/shipping-order/fees is not a documented call'],
    });
  });
});

describe('path segments and answers whose status the provider does not show', () => {
  let provider: FakeProvider;
  const status = loadFixture('ghtk', 'status.json');
  beforeAll(async () => {
    provider = await startFakeProvider([status, ghtkCreate, loadFixture('ghtk', 'label.json')]);
  });
  afterAll(async () => {
    await provider?.stop();
  });

  it("reads a {NAME} segment of the documented path as that field (GHTK's TRACKING_ORDER), and refuses a path of another shape", () => {
    expect(checkRequest(status, seen(undefined, { method: 'GET', path: '/services/shipment/v2/S1.A1.17373471' }))).toEqual([]);
    expect(checkRequest(status, seen(undefined, { method: 'GET', path: '/services/shipment/v2/S1/A1' }))).toEqual([
      'path /services/shipment/v2/S1/A1, documented /services/shipment/v2/{TRACKING_ORDER}',
      'TRACKING_ORDER is required and was not sent',
    ]);
  });

  it('answers an answer of unknown HTTP status as 200, and with the content type the provider documents', async () => {
    provider.answer('create-order', 'order-id-exists');
    const exists = await fetch(`${provider.url}/services/shipment/order/?ver=1.5`, { method: 'POST', body: '{}' });
    expect(exists.status).toBe(200);
    expect(((await exists.json()) as { error: { code: string } }).error.code).toBe('ORDER_ID_EXIST');
    const label = await fetch(`${provider.url}/services/label/S1.A1.17373471?original=portrait&paper_size=A6`);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(provider.seen.at(-1)).toMatchObject({ call: 'label', problems: [] });
  });
});
