/**
 * Our GHN client against GHN's published shapes (simulators/ghn/fixtures, sources in each file and
 * docs/provider-sources.md), not against our simulator: every call the client makes reaches a
 * provider that answers only what GHN documents and records what GHN's documents find wrong with
 * the request (server/testing/provider-contract.ts). Each documented answer, errors included, is
 * read into what the office sees: a value, "reconnect the account", a Vietnamese refusal, or the
 * order already made. GHN documents no rate-limit or maintenance answer; those go through
 * providerFetch's 429/5xx handling (server/lib/provider-http.ts), proved there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '@server/lib/provider-http';
import { loadFixture, startFakeProvider, type FakeProvider } from '@server/testing/provider-contract';
import type { QuoteDraft, ShipmentDraft } from './carrier';
import { ghnClient } from './ghn';

const FILES = [
  'shop-all.json',
  'master-data-province.json',
  'master-data-district.json',
  'master-data-ward.json',
  'available-services.json',
  'fee.json',
  'leadtime.json',
  'shift-date.json',
  'create.json',
  'detail-by-client-code.json',
  'detail.json',
  'cancel.json',
  'gen-token.json',
];
const fixtures = FILES.map((file) => loadFixture('ghn', file));

/** A 2025 two-level address (province + ward) that GHN's documented ward list holds. */
const PLACE = { province: 'Thành phố Hồ Chí Minh', district: '', ward: 'Phường An Khánh' };
const QUOTE: QuoteDraft = {
  sender: { name: 'Kho An Khang', phone: '0901234567', address: '123 Nguyễn Trãi', ...PLACE },
  receiver: { name: 'Nhà thuốc Phúc An', phone: '0909111222', address: '45 Hai Bà Trưng', ...PLACE },
  parcel: { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 },
  codAmount: 250_000,
  insuranceValue: 250_000,
};
const SHIPMENT: ShipmentDraft = {
  ...QUOTE,
  code: 'Tin1234567',
  serviceId: '53320',
  receiverMethod: 'cho_xem',
  pickShift: { id: '2', title: 'Ca lấy 12-03-2021 (12h00 - 18h00)' },
  note: null,
  items: [{ name: 'Hapacol 250', code: 'HAP250', quantity: 2, weightGrams: 400 }],
};

let provider: FakeProvider;
let client: ReturnType<typeof ghnClient>;

beforeEach(async () => {
  provider = await startFakeProvider(fixtures);
  // shop-all's documented shop is 59037; a fresh provider is a fresh host, so nothing is kept from another test.
  client = ghnClient({ baseUrl: provider.url, token: 'token-from-khachhang', shopId: '59037' });
});
afterEach(() => provider.stop());

const calls = () => provider.seen.map((request) => request.call);
const problems = () => provider.seen.filter((request) => request.problems.length > 0).map(({ call, problems }) => ({ call, problems }));

/** What the office sees when the call fails: the error's kind and sentence. */
async function failure(action: () => Promise<unknown>) {
  const error = await action().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  const { failure: kind, message, retryable } = error as ProviderError;
  return { kind, message, retryable };
}

describe('GHN: what our client sends', () => {
  it('makes only calls GHN documents, each in the shape GHN documents', async () => {
    await client.check();
    await client.quote(QUOTE);
    await client.pickShifts();
    await client.create(SHIPMENT);
    await client.find(SHIPMENT.code);
    await client.track('5ENLKKHD');
    await client.cancel('5E3NK3RS');
    await client.label(['GA99W4RREB'], 'a5');
    expect(problems()).toEqual([]);
    expect(new Set(calls())).toEqual(new Set(fixtures.map((fixture) => fixture.call)));
  });

  it('routes fee, lead time, available services and create by GHN’s district id and ward code from its master data', async () => {
    await client.quote(QUOTE);
    await client.create(SHIPMENT);
    const body = (call: string) => provider.seen.find((request) => request.call === call)!.body;
    expect(body('available-services')).toEqual({ shop_id: 59037, from_district: 3695, to_district: 3695 });
    expect(body('fee')).toMatchObject({ from_district_id: 3695, from_ward_code: '90768', to_district_id: 3695, to_ward_code: '90768' });
    expect(body('leadtime')).toMatchObject({ to_district_id: 3695, to_ward_code: '90768', service_id: 53319 });
    expect(body('create')).toMatchObject({
      client_order_code: 'Tin1234567',
      to_district_id: 3695,
      to_ward_code: '90768',
      service_id: 53320,
      service_type_id: 2,
      from_ward_name: 'Phường An Khánh',
      from_province_name: 'Hồ Chí Minh',
    });
  });

  it('the check bites: the names our client used to send where GHN documents ids are refused', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${provider.url}/shiip/public-api/v2/shipping-order/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', Token: 't', ShopId: '59037' },
        body: JSON.stringify(body),
      });
    const names = { to_ward_name: 'Phường An Khánh', to_province_name: 'Thành phố Hồ Chí Minh', is_new_to_address: true };
    await post('available-services', { shop_id: 59037, to_province_name: names.to_province_name, to_ward_name: names.to_ward_name });
    await post('fee', { service_id: 53320, service_type_id: 2, ...names, weight: 800 });
    expect(problems()).toEqual([
      {
        call: 'available-services',
        problems: [
          'to_province_name is not a documented field',
          'to_ward_name is not a documented field',
          'from_district is required and was not sent',
          'to_district is required and was not sent',
        ],
      },
      {
        call: 'fee',
        problems: [
          'to_ward_name is not a documented field',
          'to_province_name is not a documented field',
          'to_district_id is required and was not sent',
          'to_ward_code is required and was not sent',
        ],
      },
    ]);
  });
});

describe('GHN: how our client reads each documented answer', () => {
  it('quotes each service GHN runs on the route with its fee and lead time', async () => {
    const quotes = await client.quote(QUOTE);
    expect(quotes.map((quote) => [quote.serviceId, quote.serviceName, quote.fee])).toEqual([
      ['53319', 'GHN Nhanh', 36_300],
      ['53320', 'GHN Chuẩn', 36_300],
      ['53330', 'GHN dịch vụ 53330', 36_300],
      ['53321', 'GHN Tiết kiệm', 36_300],
    ]);
    expect(quotes[0]!.expectedAt).toEqual(new Date(1_593_187_200 * 1000));
    provider.answer('available-services', 'ok (VI page id=86, current service types)');
    expect((await client.quote(QUOTE)).map((quote) => quote.serviceName)).toEqual([
      'GHN Chuyển phát truyền thống',
      'GHN Chuyển phát thương mại điện tử',
    ]);
  });

  it('asks for an account’s master data once, and again after GHN refuses a route built from it', async () => {
    const masterData = () => calls().filter((call) => call?.startsWith('master-data')).length;
    await client.quote(QUOTE);
    const first = masterData();
    expect(first).toBeGreaterThan(0);
    await client.quote(QUOTE);
    expect(masterData()).toBe(first);
    provider.answer('fee', 'syntax-error (USER_ERR_COMMON)');
    await failure(() => client.quote(QUOTE));
    provider.answer('fee', 'ok');
    const before = masterData();
    await client.quote(QUOTE);
    expect(masterData()).toBe(before + first);
  });

  it('refuses, naming it, an address GHN’s lists do not hold, and sends no route for it', async () => {
    const receiver = { ...QUOTE.receiver, ward: 'Phường Bình Lợi Trung' };
    expect(await failure(() => client.quote({ ...QUOTE, receiver }))).toEqual({
      kind: 'rejected',
      message: 'GHN chưa nhận ra phường/xã "Phường Bình Lợi Trung" (Thành phố Hồ Chí Minh) của địa chỉ giao hàng',
      retryable: false,
    });
    const sender = { ...QUOTE.sender, province: 'Tỉnh Lạng Sơn' };
    expect((await failure(() => client.create({ ...SHIPMENT, sender }))).message).toBe(
      'GHN chưa nhận ra tỉnh/thành "Tỉnh Lạng Sơn" của địa chỉ lấy hàng',
    );
    expect(calls().filter((call) => !call?.startsWith('master-data'))).toEqual([]);
  });

  it('finds a place however it is spelled: GHN’s other spellings, or the name without its unit word', async () => {
    const receiver = { ...QUOTE.receiver, province: 'TP. Hồ Chí Minh', ward: 'An Khánh' };
    await client.quote({ ...QUOTE, sender: { ...QUOTE.sender, province: 'Hồ Chí Minh', ward: 'P. An Khánh' }, receiver });
    expect(provider.seen.find((request) => request.call === 'fee')!.body).toMatchObject({ from_ward_code: '90768', to_ward_code: '90768' });
    const elsewhere = { ...receiver, province: 'Tỉnh Quảng Ninh' };
    expect((await failure(() => client.quote({ ...QUOTE, receiver: elsewhere }))).message).toBe(
      'GHN chưa nhận ra tỉnh/thành "Tỉnh Quảng Ninh" của địa chỉ giao hàng',
    );
  });

  it('picks up at the shop’s own place when the account keeps no sender address', async () => {
    await client.quote({ ...QUOTE, sender: { ...QUOTE.sender, province: '', ward: '' } });
    const services = provider.seen.find((request) => request.call === 'available-services')!;
    expect(services.body).toEqual({ shop_id: 59037, from_district: 1455, to_district: 3695 });
    expect(problems()).toEqual([]);
  });

  it.each([
    ['shop-all', () => client.check()],
    ['master-data province', () => client.quote(QUOTE)],
    ['master-data district', () => client.quote(QUOTE)],
    ['master-data ward', () => client.quote(QUOTE)],
    ['available-services', () => client.quote(QUOTE)],
    ['fee', () => client.quote(QUOTE)],
    ['leadtime', () => client.quote(QUOTE)],
    ['create', () => client.create(SHIPMENT)],
    ['detail-by-client-code', () => client.find(SHIPMENT.code)],
    ['detail', () => client.track('5ENLKKHD')],
    ['cancel', () => client.cancel('5E3NK3RS')],
    ['gen-token (print)', () => client.label(['GA99W4RREB'], 'a5')],
  ])('%s: a token GHN refuses asks the office to reconnect the account', async (call, action) => {
    provider.answer(call, 'invalid-token');
    expect(await failure(action)).toEqual({
      kind: 'auth',
      message: 'GHN từ chối thông tin kết nối (token sai hoặc đã hết hạn). Vui lòng kết nối lại tài khoản.',
      retryable: false,
    });
  });

  it('shift/date: a token not sent also asks to reconnect', async () => {
    provider.answer('shift-date', 'missing-token');
    expect((await failure(() => client.pickShifts())).kind).toBe('auth');
    provider.answer('shift-date', 'ok');
    expect(await client.pickShifts()).toEqual([
      { id: '2', title: 'Ca lấy 12-03-2021 (12h00 - 18h00)' },
      { id: '3', title: 'Ca lấy 13-03-2021 (7h00 - 12h00)' },
      { id: '4', title: 'Ca lấy 13-03-2021 (12h00 - 18h00)' },
    ]);
  });

  it.each([
    ['master-data district', () => client.quote(QUOTE)],
    ['available-services', () => client.quote(QUOTE)],
    ['fee', () => client.quote(QUOTE)],
    ['leadtime', () => client.quote(QUOTE)],
    ['create', () => client.create(SHIPMENT)],
    ['cancel', () => client.cancel('5E3NK3RS')],
  ])('%s: a request GHN cannot read is refused in Vietnamese, not retried', async (call, action) => {
    provider.answer(call, 'syntax-error (USER_ERR_COMMON)');
    const seen = await failure(action);
    expect(seen).toMatchObject({ kind: 'rejected', retryable: false });
    expect(seen.message).toMatch(/^GHN từ chối yêu cầu: code=400, message=Syntax error/);
  });

  it('master-data ward: GHN’s "Not Found" is a refusal, never a guessed ward', async () => {
    provider.answer('master-data ward', 'not-found');
    expect(await failure(() => client.quote(QUOTE))).toEqual({
      kind: 'rejected',
      message: 'GHN từ chối yêu cầu: code=404, message=Not Found',
      retryable: false,
    });
    expect(calls()).not.toContain('fee');
  });

  it('create: the order made, the same order for a repeated client_order_code, and GHN’s refusals in Vietnamese', async () => {
    expect(await client.create(SHIPMENT)).toEqual({
      trackingCode: 'L8TKYG',
      fee: 122_100,
      expectedAt: new Date('2026-09-17T23:59:59Z'),
      carrierStatus: 'ready_to_pick',
    });
    provider.answer('create', 'repeat client_order_code (observed)');
    expect((await client.create(SHIPMENT)).trackingCode).toBe('L8TKYG');
    provider.answer('create', 'phone-invalid (observed)');
    expect(await failure(() => client.create(SHIPMENT))).toEqual({
      kind: 'rejected',
      message: 'Số điện thoại người nhận không hợp lệ',
      retryable: false,
    });
    provider.answer('create', 'weight-missing (observed)');
    expect((await failure(() => client.create(SHIPMENT))).message).toBe(
      "GHN từ chối yêu cầu: ShiipCreate.Weight failed on the 'required' tag",
    );
  });

  it('create: a service GHN no longer runs on the route asks for a fresh quote, and nothing is created', async () => {
    expect((await failure(() => client.create({ ...SHIPMENT, serviceId: '100039' }))).message).toBe(
      'Dịch vụ GHN đã chọn không còn áp dụng cho tuyến này, hãy lấy lại báo giá',
    );
    expect(calls()).not.toContain('create');
  });

  it('detail-by-client-code: the order already made under our code (data is an array), or none', async () => {
    expect(await client.find('Tin1234567')).toEqual({
      trackingCode: '5ENLKKHD',
      fee: null,
      expectedAt: null,
      carrierStatus: 'ready_to_pick',
    });
    provider.answer('detail-by-client-code', 'not-found (inferred from the print doc)');
    expect(await client.find('Tin1234567')).toBeNull();
  });

  it('detail: the status and time of the last log entry', async () => {
    expect(await client.track('5ENLKKHD')).toMatchObject({
      trackingCode: '5ENLKKHD',
      code: 'Tin1234567',
      carrierStatus: 'ready_to_pick',
      at: new Date('2020-05-29T14:33:51.082Z'),
    });
  });

  it('cancel and label: done, and GHN’s "no such order" in Vietnamese', async () => {
    await expect(client.cancel('5E3NK3RS')).resolves.toBeUndefined();
    expect(await client.label(['GA99W4RREB'], '80mm')).toEqual({
      kind: 'url',
      url: `${provider.url}/a5/public-api/print80x80?token=e27db030-a1bf-11ea-b421-6a186c15e40e`,
    });
    provider.answer('gen-token (print)', 'order-not-found');
    expect((await failure(() => client.label(['GA99W4RREB'], 'a5'))).message).toBe('GHN không tìm thấy đơn này');
  });
});
