/**
 * Our GHN simulator (simulators/ghn) refuses what GHN's documents say GHN refuses and answers in
 * GHN's documented shapes (simulators/ghn/fixtures), so the app's tests through it do not pass on
 * requests the real service would refuse: routed calls without GHN's ids, a lookup of an unknown
 * client_order_code, a repeated one, a bad token.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { answerOf, loadFixture } from '@server/testing/provider-contract';
import { faultQueue } from '@simulators/faults';
import { ghnSimulator } from '@simulators/ghn';

let sim: ReturnType<typeof ghnSimulator>;
beforeEach(() => {
  sim = ghnSimulator({ baseUrl: 'http://sim/ghn', faults: faultQueue() });
});

const HEADERS = { 'content-type': 'application/json', Token: 'ghn-token-ankhang-0001', ShopId: '885' };
async function call(path: string, body?: unknown, headers: Record<string, string> = HEADERS) {
  const answer = await sim.app.request(`/shiip/public-api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as { code: number; message: string; data: unknown; code_message?: string } };
}

/** A create as our client sends it for the demo's receiver in Phường Sài Gòn (Quận 1 in the simulator's lists). */
const CREATE = {
  client_order_code: 'DLO-000001',
  payment_type_id: 1,
  required_note: 'CHOXEMHANGKHONGTHU',
  to_name: 'Nhà thuốc Phúc An',
  to_phone: '0909111222',
  to_address: '45 Hai Bà Trưng',
  to_district_id: 1442,
  to_ward_code: '20102',
  weight: 800,
  service_id: 53320,
  service_type_id: 2,
  cod_amount: 100_000,
};

describe('GHN simulator', () => {
  it('lists the demo addresses in GHN’s master-data shapes', async () => {
    const provinces = await call('/master-data/province');
    expect(provinces.body.data).toContainEqual(expect.objectContaining({ ProvinceID: 202, ProvinceName: 'Hồ Chí Minh' }));
    const districts = await call('/master-data/district', { province_id: 202 });
    expect(districts.body.data).toContainEqual(expect.objectContaining({ DistrictID: 1442, ProvinceID: 202, DistrictName: 'Quận 1' }));
    const wards = await call('/master-data/ward', { district_id: 1442 });
    expect(wards.body.data).toContainEqual(expect.objectContaining({ WardCode: '20101', DistrictID: 1442, WardName: 'Phường Bến Thành' }));
  });

  it.each([
    [
      'available-services',
      { shop_id: 885, to_province_name: 'Thành phố Hồ Chí Minh', to_ward_name: 'Phường Sài Gòn' },
      'ServiceRequest.FromDistrict',
    ],
    [
      'fee',
      { service_id: 53320, to_province_name: 'Thành phố Hồ Chí Minh', to_ward_name: 'Phường Sài Gòn', weight: 800 },
      'FeeRequest.ToDistrictID',
    ],
    [
      'leadtime',
      { service_id: 53320, to_province_name: 'Thành phố Hồ Chí Minh', to_ward_name: 'Phường Sài Gòn' },
      'LeadtimeRequest.FromDistrictID',
    ],
    [
      'create',
      { ...CREATE, to_district_id: undefined, to_ward_code: undefined, to_ward_name: 'Phường Sài Gòn', to_province_name: 'Hồ Chí Minh' },
      'ShiipCreate.ToDistrictID',
    ],
  ])('%s: names where GHN documents ids are refused as GHN refuses a missing field', async (path, body, field) => {
    expect(await call(`/v2/shipping-order/${path}`, body)).toEqual({
      status: 400,
      body: { code: 400, message: `${field} failed on the 'required' tag`, data: null, code_message: 'USER_ERR_COMMON' },
    });
  });

  it('answers a repeated client_order_code with the order already made, and makes no second one', async () => {
    const first = await call('/v2/shipping-order/create', CREATE);
    const again = await call('/v2/shipping-order/create', CREATE);
    expect(first.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect([...sim.sim.shipments.values()].filter((shipment) => shipment.clientCode === CREATE.client_order_code)).toHaveLength(1);
  });

  it('detail-by-client-code: an array with the order, or GHN’s documented "Đơn hàng không tồn tại"', async () => {
    const made = await call('/v2/shipping-order/create', CREATE);
    const found = await call('/v2/shipping-order/detail-by-client-code', { client_order_code: CREATE.client_order_code });
    expect(found.body.data).toEqual([
      expect.objectContaining({ order_code: (made.body.data as { order_code: string }).order_code, client_order_code: 'DLO-000001' }),
    ]);
    const missing = await call('/v2/shipping-order/detail-by-client-code', { client_order_code: 'DLO-999999' });
    const documented = answerOf(loadFixture('ghn', 'detail-by-client-code.json'), 'not-found (inferred from the print doc)');
    expect(missing).toEqual({ status: documented.status, body: documented.body });
  });

  it('a bad token is refused with GHN’s observed 401 on every call, master data included', async () => {
    const documented = answerOf(loadFixture('ghn', 'fee.json'), 'invalid-token');
    for (const path of ['/master-data/province', '/v2/shipping-order/fee']) {
      const answer = await call(path, path.includes('fee') ? {} : undefined, { ...HEADERS, Token: 'invalid-token' });
      expect(answer).toEqual({ status: documented.status, body: documented.body });
    }
  });
});
