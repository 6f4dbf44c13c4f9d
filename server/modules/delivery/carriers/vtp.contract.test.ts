/**
 * Viettel Post's client against Viettel Post's published shapes (simulators/vtp/fixtures, served by
 * server/testing/provider-contract.ts), not against our simulator: every call it makes is what the
 * document "TÀI LIỆU KẾT NỐI API VIETTELPOST" (or, for listInventory, its public clients) shows,
 * and every documented answer, errors included, becomes what the office sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, observe, outcomeOf, startFakeProvider, type FakeProvider } from '@server/testing/provider-contract';
import type { QuoteDraft, ShipmentDraft } from './carrier';
import { vtpClient, vtpLogin } from './vtp';

const FILES = [
  'login.json',
  'ownerconnect.json',
  'list-inventory.json',
  'get-price-all-nlp.json',
  'create-order-nlp.json',
  'update-order.json',
  'printing-code.json',
];
const FIXTURES = FILES.map((file) => loadFixture('vtp', file));
/** The price call's name in its fixture. */
const PRICE = FIXTURES[3]!.call;

let provider: FakeProvider;
let client: ReturnType<typeof vtpClient>;

beforeAll(async () => {
  provider = await startFakeProvider(FIXTURES);
  client = vtpClient({ baseUrl: provider.url, printBaseUrl: 'https://dev-print.viettelpost.vn', token: 'eyJhbGciOiJFUzI1NiJ9' });
});
afterAll(async () => {
  await provider?.stop();
});

const draft: QuoteDraft = {
  sender: {
    name: 'Kho An Khang',
    phone: '0901234567',
    address: '123 Nguyễn Trãi',
    province: 'Thành phố Hồ Chí Minh',
    district: '',
    ward: 'Phường Bến Thành',
  },
  receiver: {
    name: 'Nhà thuốc Phúc An',
    phone: '0909111222',
    address: '45 Hai Bà Trưng',
    province: 'Thành phố Hồ Chí Minh',
    district: '',
    ward: 'Phường Sài Gòn',
  },
  parcel: { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 },
  codAmount: 562_000,
  insuranceValue: 562_000,
};

const shipment = (extra: Partial<ShipmentDraft> = {}): ShipmentDraft => ({
  ...draft,
  code: 'VT2611270001',
  serviceId: 'PHS',
  receiverMethod: 'cho_xem',
  pickShift: null,
  note: null,
  items: [{ name: 'Hapacol 250', code: 'HPC250', quantity: 2, weightGrams: 400 }],
  ...extra,
});

const run = <T>(call: () => Promise<T>) => observe(provider, call);

/** The documented token errors, for every call that sends the token. */
const TOKEN_ERRORS: Array<[string, string]> = [
  ['token-missing', 'reconnect'],
  ['token-invalid', 'reconnect'],
  ['token-invalid-or-expired', 'reconnect'],
];

describe('sign-in and the account check', () => {
  it('exchanges the password for the long-lived token, and reads its refusals', async () => {
    provider.answer('login', 'ok');
    provider.answer('ownerconnect', 'ok');
    const signed = await run(() => vtpLogin(provider.url, '0933177454', 'xyz@222'));
    expect(signed.problems).toEqual([]);
    expect(signed.value).toBe('eyJhbGciOiJFUzI1NiJ9._K2CSZZ9BCIULb0LJdRsr0n7g');
    expect(signed.seen[1]!.headers.token).toBe('eyJhbGciOiJFUzI1NiJ9...');
    provider.answer('login', 'bad-credentials');
    expect(outcomeOf((await run(() => vtpLogin(provider.url, '0933177454', 'sai'))).error)).toBe(
      'refused: Tên đăng nhập hoặc mật khẩu Viettel Post không đúng',
    );
    provider.answer('login', 'system-error');
    expect(outcomeOf((await run(() => vtpLogin(provider.url, '0933177454', 'xyz@222'))).error)).toBe('retry');
  });

  it('checks the account with GET listInventory and names its first store', async () => {
    provider.answer('list-inventory', 'ok');
    const checked = await run(() => client.check());
    expect(checked.problems).toEqual([]);
    expect(checked.value).toEqual({
      name: 'Yanme Shop',
      details: {
        'Kho / điểm lấy hàng': 'Yanme Shop',
        'Số điện thoại': '0967363789',
        'Địa chỉ': 'Số 5A ngách 22 ngõ 282 Kim Giang, Đại Kim, Hoàng Mai, Hà Nội',
      },
    });
    for (const [answer, expected] of TOKEN_ERRORS) {
      provider.answer('list-inventory', answer);
      expect(outcomeOf((await run(() => client.check())).error)).toBe(expected);
    }
  });
});

describe('getPriceAllNlp (quotes)', () => {
  it('sends the documented body and reads RESULT of the object Viettel Post answers', async () => {
    provider.answer(PRICE, 'ok');
    const { value, seen, problems } = await run(() => client.quote(draft));
    expect(problems).toEqual([]);
    expect(seen[0]!.body).toMatchObject({
      SENDER_ADDRESS: '123 Nguyễn Trãi, Phường Bến Thành, Thành phố Hồ Chí Minh',
      RECEIVER_ADDRESS: '45 Hai Bà Trưng, Phường Sài Gòn, Thành phố Hồ Chí Minh',
    });
    expect(value!.length).toBeGreaterThan(0);
    expect(value![0]).toMatchObject({ serviceId: 'PHS', serviceName: 'Viettel Post Nội tỉnh tiết kiệm', fee: 16_500 });
    expect(value![0]!.expectedAt).toBeInstanceOf(Date);
  });

  it('keeps an address within 150 bytes by shortening the street, never the ward or province', async () => {
    provider.answer(PRICE, 'ok');
    const long = {
      ...draft,
      receiver: { ...draft.receiver, address: 'Tầng 12, tòa nhà Hướng Dương, ngõ 45 đường Hai Bà Trưng '.repeat(3) },
    };
    const { seen, problems } = await run(() => client.quote(long));
    expect(problems).toEqual([]);
    const sent = String((seen[0]!.body as Record<string, unknown>).RECEIVER_ADDRESS);
    expect(new TextEncoder().encode(sent).length).toBeLessThanOrEqual(150);
    expect(sent).toMatch(/^Tầng 12, tòa nhà .*, Phường Sài Gòn, Thành phố Hồ Chí Minh$/);
  });

  it.each([
    ['price-not-applicable', 'refused: Viettel Post không áp dụng giá cho tuyến giao này'],
    ['bad-sender-address', 'refused: Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ'],
    ['bad-receiver-address', 'refused: Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ'],
    ['system-error', 'retry'],
    ...TOKEN_ERRORS,
  ])('answer %s: %s', async (answer, expected) => {
    provider.answer(PRICE, answer);
    const { error, problems } = await run(() => client.quote(draft));
    expect(problems).toEqual([]);
    expect(outcomeOf(error)).toBe(expected);
  });
});

describe('createOrderNlp', () => {
  it('sends the goods as PRODUCT_DETAIL within 150 bytes, and reads the waybill, the fee and the promised hours', async () => {
    provider.answer('create-order-nlp', 'ok');
    const note = 'Gọi trước khi giao, giao giờ hành chính, để ở quầy thuốc. '.repeat(4);
    const { value, seen, problems } = await run(() => client.create(shipment({ note })));
    expect(problems).toEqual([]);
    const body = seen[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      ORDER_NUMBER: 'VT2611270001',
      CHECK_UNIQUE: true,
      PRODUCT_DETAIL: [{ PRODUCT_NAME: 'Hapacol 250', PRODUCT_QUANTITY: 2, PRODUCT_PRICE: 0, PRODUCT_WEIGHT: 400 }],
    });
    expect(new TextEncoder().encode(String(body.ORDER_NOTE)).length).toBeLessThanOrEqual(150);
    expect(value).toMatchObject({ trackingCode: '15878180012', fee: 16_500, carrierStatus: null });
    // KPI_HT 48: two days after the midnight that ends the day it was taken.
    const hours = (value!.expectedAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(48);
    expect(hours).toBeLessThanOrEqual(72);
  });

  it.each([
    ['bad-service', 'refused: Dịch vụ Viettel Post đã chọn không còn áp dụng, hãy lấy lại báo giá'],
    ['bad-payment', 'refused: Viettel Post không nhận hình thức thanh toán của đơn'],
    ['bad-product-type', 'refused: Viettel Post không nhận loại hàng của đơn'],
    ['price-not-applicable', 'refused: Viettel Post không áp dụng giá cho tuyến giao này'],
    ['blocked', 'refused: Viettel Post đang chặn tạo đơn của tài khoản này; vui lòng kiểm tra cấu hình tại Viettel Post'],
    ['bad-address', 'refused: Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ'],
    ['bad-ward', 'refused: Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ'],
    ['bad-cod', 'refused: Viettel Post không nhận số tiền thu hộ này'],
    ['address-old-new', 'refused: Viettel Post không nhận địa chỉ gửi hoặc nhận; vui lòng kiểm tra lại địa chỉ'],
    ['groupaddress', 'refused: Viettel Post không nhận kho lấy hàng của tài khoản; vui lòng kiểm tra cấu hình tại Viettel Post'],
    ['system-error', 'retry'],
    ...TOKEN_ERRORS,
  ])('answer %s: %s', async (answer, expected) => {
    provider.answer('create-order-nlp', answer);
    const { error, problems } = await run(() => client.create(shipment()));
    expect(problems).toEqual([]);
    expect(outcomeOf(error)).toBe(expected);
  });
});

describe('UpdateOrder (cancel) and printing', () => {
  it.each([
    ['ok', 'ok'],
    ['status-exists', 'ok'],
    ['not-found', 'refused: Viettel Post không tìm thấy vận đơn này'],
    ['system-error', 'retry'],
    ...TOKEN_ERRORS,
  ])('cancel answered %s: %s', async (answer, expected) => {
    provider.answer('update-order (cancel = TYPE 4)', answer);
    const { error, problems } = await run(() => client.cancel('301298000044'));
    expect(problems).toEqual([]);
    expect(outcomeOf(error)).toBe(expected);
  });

  it('asks a printing code and opens the print page in the size asked (80 mm rolls take A7, type 100)', async () => {
    provider.answer('printing-code + print page', 'ok');
    const { value, problems } = await run(() => client.label(['301298000044'], '80mm'));
    expect(problems).toEqual([]);
    expect(value).toEqual({
      kind: 'url',
      url: 'https://dev-print.viettelpost.vn/DigitalizePrint/report.do?type=100&bill=ISJDgZ3NSiYMtPUk7vTzQK8ZWUDexvvDKIclc0NplOU%3D&showPostage=1',
    });
    for (const [answer, expected] of TOKEN_ERRORS) {
      provider.answer('printing-code + print page', answer);
      expect(outcomeOf((await run(() => client.label(['301298000044'], 'a5'))).error)).toBe(expected);
    }
  });
});

describe('the check bites', () => {
  it('finds the id-based create’s fields and a POSTed listInventory, which Viettel Post does not document there', async () => {
    const body = { ...(FIXTURES[4]!.request as object), GROUPADDRESS_ID: 0, LIST_ITEM: [{ PRODUCT_NAME: 'Hàng test' }] };
    const wrong = await run(async () => {
      await fetch(`${provider.url}/v2/order/createOrderNlp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await fetch(`${provider.url}/v2/user/listInventory`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    });
    expect(wrong.problems).toEqual([
      'GROUPADDRESS_ID is not a documented field',
      'LIST_ITEM[].PRODUCT_NAME is not a documented field',
      'POST /v2/user/listInventory is not a documented call',
    ]);
  });
});
