/**
 * GHTK's client against GHTK's published shapes (simulators/ghtk/fixtures, served by
 * server/testing/provider-contract.ts), not against our simulator: every call it makes is what
 * GHTK documents, and every documented answer, errors included, becomes what the office sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, observe, outcomeOf, startFakeProvider, type FakeProvider } from '@server/testing/provider-contract';
import type { QuoteDraft, ShipmentDraft } from './carrier';
import { ghtkClient } from './ghtk';

const FIXTURES = ['fee.json', 'create-order.json', 'status.json', 'cancel.json', 'label.json'].map((file) => loadFixture('ghtk', file));

let provider: FakeProvider;
let client: ReturnType<typeof ghtkClient>;

beforeAll(async () => {
  provider = await startFakeProvider(FIXTURES);
  client = ghtkClient({ baseUrl: provider.url, token: 'APITokenSample-ca441e70288cB0515F310742', partnerCode: 'S308157' });
});
afterAll(async () => {
  await provider?.stop();
});

/** A three-level (legacy) address at both ends. */
const legacy: QuoteDraft = {
  sender: {
    name: 'Kho An Khang',
    phone: '0911222333',
    address: '590 CMT8',
    province: 'TP. Hồ Chí Minh',
    district: 'Quận 3',
    ward: 'Phường 1',
  },
  receiver: {
    name: 'Nhà thuốc Bến Nghé',
    phone: '0987654321',
    address: '9 Đồng Khởi',
    province: 'TP. Hồ Chí Minh',
    district: 'Quận 1',
    ward: 'Phường Bến Nghé',
  },
  parcel: { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 },
  codAmount: 470_000,
  insuranceValue: 470_000,
};

/** Two-level (2025) addresses, as the demo keeps them. */
const twoLevel: QuoteDraft = {
  ...legacy,
  sender: { ...legacy.sender, province: 'Thành phố Hồ Chí Minh', district: '', ward: 'Phường Bến Thành' },
  receiver: { ...legacy.receiver, province: 'Thành phố Hồ Chí Minh', district: '', ward: 'Phường Sài Gòn' },
};

const shipment = (draft: QuoteDraft, extra: Partial<ShipmentDraft> = {}): ShipmentDraft => ({
  ...draft,
  code: 'GH2611270001',
  serviceId: 'road',
  receiverMethod: 'cho_xem',
  pickShift: { id: '1', title: 'Buổi sáng' },
  note: null,
  items: [{ name: 'Hapacol 250', code: 'HPC250', quantity: 2, weightGrams: 400 }],
  ...extra,
});

const run = <T>(call: () => Promise<T>) => observe(provider, call);

describe('fee (quotes)', () => {
  it('asks each transport with the documented query, and reads its fee', async () => {
    provider.answer('fee', 'ok');
    const { value, seen, problems } = await run(() => client.quote(legacy));
    expect(problems).toEqual([]);
    expect(seen.map((request) => request.query.transport).sort()).toEqual(['fly', 'road']);
    expect(value).toEqual([
      { serviceId: 'road', serviceName: 'GHTK Đường bộ (tiết kiệm)', fee: 30_400, expectedAt: null },
      { serviceId: 'fly', serviceName: 'GHTK Đường bay (nhanh)', fee: 30_400, expectedAt: null },
    ]);
  });

  it('sends a two-level address with the one old district its ward was made from', async () => {
    provider.answer('fee', 'ok');
    const { seen, problems } = await run(() => client.quote(twoLevel));
    expect(problems).toEqual([]);
    expect(seen[0]!.query).toMatchObject({ pick_district: 'Quận 1', district: 'Quận 1', ward: 'Phường Sài Gòn' });
  });

  it('refuses, before asking GHTK, a ward made from several old districts, and a declared value of nothing', async () => {
    const spread = { ...twoLevel, receiver: { ...twoLevel.receiver, province: 'Thành phố Hà Nội', ward: 'Phường Hồng Hà' } };
    const unplaced = await run(() => client.quote(spread));
    expect(unplaced.seen).toEqual([]);
    expect(outcomeOf(unplaced.error)).toMatch(/^refused: GHTK chỉ nhận địa chỉ có quận\/huyện, và địa chỉ người nhận \(Phường Hồng Hà/);
    const nothing = await run(() => client.quote({ ...legacy, codAmount: 0, insuranceValue: 0 }));
    expect(nothing.seen).toEqual([]);
    expect(outcomeOf(nothing.error)).toBe('refused: GHTK yêu cầu khai báo giá trị hàng hóa lớn hơn 0 ₫; vui lòng nhập giá trị khai báo');
  });

  it.each([
    ['missing-district', 'refused: GHTK từ chối yêu cầu: Xin hãy gửi trường district.'],
    ['invalid-token', 'reconnect'],
    ['system-error', 'retry'],
    ['maintenance/incident', 'retry'],
    ['unavailable', 'retry'],
    ['wrong-method', 'refused: GHTK từ chối yêu cầu: Phương thức không hợp lệ'],
  ])('answer %s: %s', async (answer, expected) => {
    provider.answer('fee', answer);
    const { error, problems } = await run(() => client.quote(legacy));
    expect(problems).toEqual([]);
    expect(outcomeOf(error)).toBe(expected);
  });

  it('proves the token with the documented fee call', async () => {
    provider.answer('fee', 'ok');
    expect((await run(() => client.check())).problems).toEqual([]);
    provider.answer('fee', 'invalid-token');
    expect(outcomeOf((await run(() => client.check())).error)).toBe('reconnect');
  });
});

describe('create', () => {
  it('sends the documented order, and reads the label, the fee and the expected time', async () => {
    provider.answer('create-order', 'ok');
    const long = 'Giao giờ hành chính, gọi trước khi giao. '.repeat(5);
    const { value, seen, problems } = await run(() =>
      client.create(shipment(twoLevel, { note: long, pickShift: { id: '3', title: '?' } })),
    );
    expect(problems).toEqual([]);
    const order = (seen[0]!.body as { order: Record<string, unknown> }).order;
    expect(String(order.note).length).toBeLessThanOrEqual(120);
    expect(order).toMatchObject({ id: 'GH2611270001', district: 'Quận 1', pick_district: 'Quận 1', value: 470_000 });
    expect(order.pick_work_shift).toBeUndefined();
    expect(value).toEqual({
      trackingCode: 'S1.A1.2001297581',
      fee: 30_400,
      expectedAt: new Date('2017-07-01T18:00:00+07:00'),
      carrierStatus: '2',
    });
  });

  it('reads a repeated order.id with its label as the shipment made before', async () => {
    provider.answer('create-order', 'order-id-exists');
    const { value, problems } = await run(() => client.create(shipment(legacy)));
    expect(problems).toEqual([]);
    expect(value).toMatchObject({ trackingCode: 'S1.A1.1737345', carrierStatus: '5' });
  });

  it('reads 30107 (id used, no label) as the shipment made before, found by our code', async () => {
    provider.answer('create-order', 'order-id-used (error table)');
    provider.answer('status', 'ok');
    const { value, seen, problems } = await run(() => client.create(shipment(legacy)));
    expect(problems).toEqual([]);
    expect(seen.map((request) => request.path)).toEqual(['/services/shipment/order/', '/services/shipment/v2/partner_id%3AGH2611270001']);
    expect(value).toMatchObject({ trackingCode: 'S1.A1.17373471', fee: 16_500 });
  });

  it.each([
    ['bad-receiver-tel', 'refused: Số điện thoại người nhận không hợp lệ'],
    ['value-not-positive', 'refused: GHTK yêu cầu giá trị hàng hóa khai báo lớn hơn 0 ₫'],
    ['missing-district', 'refused: GHTK yêu cầu quận/huyện của người nhận'],
    ['cod-too-high', 'refused: Tiền thu hộ vượt mức GHTK cho phép'],
    ['route-paused', 'refused: GHTK đang tạm ngưng nhận đơn đến tuyến này; vui lòng chọn hãng khác hoặc thử lại sau'],
    ['pick-tel-equals-tel', 'refused: GHTK không nhận đơn có số điện thoại lấy hàng trùng số điện thoại người nhận'],
    ['missing-hamlet', expect.stringMatching(/^refused: GHTK từ chối yêu cầu: Đơn hàng có mã là/)],
    ['generic (doc sample)', 'refused: GHTK từ chối yêu cầu: Chưa có thông tin order'],
    ['invalid-token', 'reconnect'],
    ['system-error', 'retry'],
    ['maintenance/incident', 'retry'],
    ['unavailable', 'retry'],
  ])('answer %s: %s', async (answer, expected) => {
    provider.answer('create-order', answer);
    const { error, problems } = await run(() => client.create(shipment(legacy)));
    expect(problems).toEqual([]);
    expect(outcomeOf(error)).toEqual(expected);
  });
});

describe('status, cancel, label', () => {
  it('finds the shipment by our code and polls it by label', async () => {
    provider.answer('status', 'ok');
    const found = await run(() => client.find('GH2611270001'));
    expect(found.problems).toEqual([]);
    expect(found.value).toEqual({ trackingCode: 'S1.A1.17373471', fee: 16_500, expectedAt: null, carrierStatus: '1' });
    const polled = await run(() => client.track('S1.A1.17373471'));
    expect(polled.value).toMatchObject({ trackingCode: 'S1.A1.17373471', code: '1234567', carrierStatus: '1' });
    expect(polled.value!.at).toEqual(new Date('2016-10-31T22:32:08+07:00'));
    provider.answer('status', 'invalid-token');
    expect(outcomeOf((await run(() => client.find('GH2611270001'))).error)).toBe('reconnect');
  });

  it.each([
    ['ok', 'ok'],
    ['already-cancelled', 'ok'],
    ['already-picked', 'refused: GHTK từ chối yêu cầu: Đơn đã lấy hàng, không thể hủy đơn.'],
    ['delivering', 'refused: GHTK không cho hủy: đơn đang được giao'],
    ['delivered', 'refused: GHTK không cho hủy: đơn đã giao'],
    ['picking', 'refused: GHTK không cho hủy: đơn đang được lấy hàng'],
    ['not-found', 'refused: GHTK không tìm thấy vận đơn này'],
    ['cancel-error', 'retry'],
    ['invalid-token', 'reconnect'],
  ])('cancel answered %s: %s', async (answer, expected) => {
    provider.answer('cancel', answer);
    const { error, problems } = await run(() => client.cancel('S1.A1.17373471'));
    expect(problems).toEqual([]);
    expect(outcomeOf(error)).toBe(expected);
  });

  it('prints one label as GHTK’s PDF, and reads its refusals', async () => {
    provider.answer('label', 'ok');
    const printed = await run(() => client.label(['S1.A1.17373471'], 'a5'));
    expect(printed.problems).toEqual([]);
    expect(printed.seen[0]!.query).toEqual({ original: 'portrait', paper_size: 'A5' });
    expect(printed.value).toEqual({ kind: 'pdf', bytes: new TextEncoder().encode('<PDF bytes>') });
    for (const [answer, expected] of [
      ['label-not-found', 'refused: GHTK không tìm thấy vận đơn để in'],
      ['print-error', 'retry'],
      ['invalid-token', 'reconnect'],
    ] as const) {
      provider.answer('label', answer);
      expect(outcomeOf((await run(() => client.label(['S1.A1.17373471'], 'a6'))).error)).toBe(expected);
    }
  });
});

describe('the check bites', () => {
  it('finds what GHTK does not document in a deliberately wrong create', async () => {
    const order = { id: 'GH1', pick_name: 'Kho', pick_money: 0, pick_address: '1', pick_province: 'Hà Nội', pick_tel: '0911222333' };
    const wrong = { ...order, name: 'A', address: '2', province: 'Hà Nội', ward_id: 12, tel: '0987654321', value: 1, pick_work_shift: '3' };
    const { problems } = await run(() =>
      fetch(`${provider.url}/services/shipment/order/?ver=1.5`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ products: [{ name: 'Hapacol', weight: 0.1 }], order: wrong }),
      }),
    );
    expect(problems).toEqual([
      'order.ward_id is not a documented field',
      'order.pick_work_shift is string, documented integer',
      'order.pick_district is required and was not sent',
      'order.district is required and was not sent',
      'order.ward is required and was not sent',
    ]);
  });
});
