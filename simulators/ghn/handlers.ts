/**
 * The calls of GHN's simulated public API (./index.ts says what it answers), one named handler
 * each; every one first checks the caller's `Token` as GHN does. Fee, lead time, available services
 * and create refuse a request without GHN's district and ward ids (names are not what those calls
 * take: simulators/ghn/fixtures), in the shape GHN was seen to refuse a missing field with
 * ("ShiipCreate.Weight failed on the 'required' tag", create.json; the other structs' names are
 * ours). A repeated client_order_code answers the order already made, as GHN's sandbox did.
 */
import type { Context } from 'hono';
import { labelPage, simulatedFee, type CarrierSim, type SimShipment } from '../carrier-sim';
import { provinceOfDistrict, SHOP_PLACE, wardIn } from './places';

/** What the calls share: the shipments, the print tokens handed out and the last order number. */
export type GhnWorld = { sim: CarrierSim; tokens: Map<string, string>; counter: number };

const SERVICES = [
  { service_id: 53320, short_name: 'Hàng nhẹ', service_type_id: 2, base: 0 },
  { service_id: 100039, short_name: 'Hàng nặng', service_type_id: 5, base: 15_000 },
];
const SHOP_PROVINCE = provinceOfDistrict(SHOP_PLACE.district_id);
/** GHN's "no such order" (gen-token's documented error; detail-by-client-code answers the same). */
const ORDER_MISSING = 'Lỗi gọi API: corev2_tenant_order_detail - code=404, message=Đơn hàng không tồn tại';
/** The statuses GHN still lets a shop cancel in. */
const CANCELLABLE = ['ready_to_pick', 'picking', 'money_collect_picking'];

const ok = (c: Context, data: unknown) => c.json({ code: 200, message: 'Success', data });
const refuse = (c: Context, code_message: string, message: string) => c.json({ code: 400, message, code_message, data: null }, 400);
const missing = (c: Context) => c.json({ code: 400, message: ORDER_MISSING, data: null }, 400);

/** The first of GHN's required ids that the request lacks or that GHN does not list, as GHN refuses it; null when all are there. */
function routeRefusal(c: Context, struct: string, input: Record<string, unknown>, fields: Record<string, string>): Response | null {
  for (const [field, goName] of Object.entries(fields)) {
    const value = input[field];
    const isId = field.endsWith('_code') ? typeof value === 'string' && value !== '' : Number.isInteger(value) && Number(value) > 0;
    if (!isId)
      return c.json(
        { code: 400, message: `${struct}.${goName} failed on the 'required' tag`, data: null, code_message: 'USER_ERR_COMMON' },
        400,
      );
  }
  const district = Number(input.to_district_id ?? input.to_district);
  if (provinceOfDistrict(district) === null) return refuse(c, 'ADDRESS_INVALID', `Không tìm thấy quận/huyện ${district}`);
  if (typeof input.to_ward_code === 'string' && !wardIn(district, input.to_ward_code)) {
    return refuse(c, 'ADDRESS_INVALID', `Không tìm thấy phường/xã ${input.to_ward_code}`);
  }
  return null;
}

const TO_IDS = { to_district_id: 'ToDistrictID', to_ward_code: 'ToWardCode' };

/** The caller's account ("token:shop"), or an answer refusing it. */
function account(c: Context): string | Response {
  const token = c.req.header('Token') ?? '';
  if (!token || token.startsWith('invalid')) return c.json({ code: 401, message: 'Token is not valid', data: null }, 401);
  return `${token}:${c.req.header('ShopId') ?? ''}`;
}

/** A call that needs only a valid token (the master data). */
export function checked(c: Context, handler: (c: Context) => Response | Promise<Response>) {
  const who = account(c);
  return typeof who === 'string' ? handler(c) : who;
}

const body = async (c: Context) => ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;

const zoneFee = (input: Record<string, unknown>, serviceId: number) => {
  const service = SERVICES.find((candidate) => candidate.service_id === serviceId) ?? SERVICES[0]!;
  return (
    service.base +
    simulatedFee({
      sameProvince: provinceOfDistrict(Number(input.to_district_id)) === SHOP_PROVINCE,
      weightGrams: Number(input.weight ?? 0),
      insuranceValue: Number(input.insurance_value ?? 0),
    })
  );
};

const leadDays = (input: Record<string, unknown>) => (provinceOfDistrict(Number(input.to_district_id)) === SHOP_PROVINCE ? 1 : 3);

const view = (shipment: SimShipment) => {
  const request = shipment.request as Record<string, unknown>;
  return {
    order_code: shipment.trackingCode,
    client_order_code: shipment.clientCode,
    status: shipment.status,
    cod_amount: shipment.codAmount,
    cod_transfer_date: shipment.codPaidAt?.toISOString() ?? null,
    total_fee: shipment.fee,
    to_name: request.to_name,
    to_address: request.to_address,
    updated_date: shipment.history[shipment.history.length - 1]?.at.toISOString(),
    log: shipment.history.map((event) => ({ status: event.status, updated_date: event.at.toISOString() })),
  };
};

export function shopAll(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const shopId = Number(c.req.header('ShopId') ?? 0) || 885;
  return ok(c, {
    last_offset: shopId,
    shops: [
      {
        _id: shopId,
        name: 'Cửa hàng giả lập GHN',
        phone: '0901234567',
        address: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh',
        ...SHOP_PLACE,
      },
    ],
  });
}

export async function availableServices(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const refused = routeRefusal(c, 'ServiceRequest', input, { shop_id: 'ShopID', from_district: 'FromDistrict', to_district: 'ToDistrict' });
  if (refused) return refused;
  return ok(
    c,
    SERVICES.map(({ base: _base, ...service }) => service),
  );
}

export async function fee(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const refused = routeRefusal(c, 'FeeRequest', input, TO_IDS);
  if (refused) return refused;
  const total = zoneFee(input, Number(input.service_id));
  return ok(c, { total, service_fee: total, insurance_fee: 0, pick_station_fee: 0, coupon_value: 0, r2s_fee: 0 });
}

export async function leadtime(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const refused = routeRefusal(c, 'LeadtimeRequest', input, { from_district_id: 'FromDistrictID', ...TO_IDS, service_id: 'ServiceID' });
  if (refused) return refused;
  const leadtime = Math.floor(Date.now() / 1000) + leadDays(input) * 86_400;
  return ok(c, { leadtime, order_date: Math.floor(Date.now() / 1000) });
}

export function shiftDate(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  return ok(c, [
    { id: 2, title: 'Ca lấy 12-03-2026 (12h00 - 18h00)', from_time: 43_200, to_time: 64_800 },
    { id: 3, title: 'Ca lấy 13-03-2026 (7h00 - 12h00)', from_time: 25_200, to_time: 43_200 },
  ]);
}

/** Why GHN refuses a create, checked in GHN's order (answer first), or null. */
function createRefusal(c: Context, input: Record<string, unknown>): Response | null {
  if (!Number.isInteger(input.weight))
    return c.json({ code: 400, message: "ShiipCreate.Weight failed on the 'required' tag", data: null }, 400);
  if (!/^0\d{9,10}$/.test(String(input.to_phone ?? ''))) return refuse(c, 'PHONE_INVALID', 'Số điện thoại không hợp lệ');
  const refused = routeRefusal(c, 'ShiipCreate', input, TO_IDS);
  if (refused) return refused;
  if (Number(input.cod_amount ?? 0) > 50_000_000) return refuse(c, 'COD_INVALID', 'Tiền thu hộ tối đa 50.000.000');
  if (Number(input.weight ?? 0) > 50_000 || Number(input.weight ?? 0) <= 0) return refuse(c, 'WEIGHT_INVALID', 'Khối lượng không hợp lệ');
  if (!SERVICES.some((service) => service.service_id === Number(input.service_id)))
    return refuse(c, 'SERVICE_INVALID', 'service_id không hợp lệ');
  return null;
}

export const createOrder = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const clientCode = String(input.client_order_code ?? '');
  const made = clientCode ? world.sim.byClientCode(who, clientCode) : undefined;
  if (made) return ok(c, created(made));
  const refused = createRefusal(c, input);
  if (refused) return refused;
  world.counter += 1;
  const now = new Date();
  const shipment: SimShipment = {
    trackingCode: `GHN${String(100_000 + world.counter)}VN`,
    clientCode,
    account: who,
    status: 'ready_to_pick',
    history: [{ status: 'ready_to_pick', at: now }],
    codAmount: Number(input.cod_amount ?? 0),
    fee: zoneFee(input, Number(input.service_id)),
    codPaidAt: null,
    request: input,
    createdAt: now,
  };
  world.sim.add(shipment);
  return ok(c, created(shipment));
};

/** Create's answer for a shipment (the first create's, and a repeated client_order_code's). */
const created = (shipment: SimShipment) => ({
  order_code: shipment.trackingCode,
  sort_code: '19-1-12',
  trans_type: 'truck',
  total_fee: shipment.fee,
  expected_delivery_time: new Date(
    shipment.createdAt.getTime() + leadDays(shipment.request as Record<string, unknown>) * 86_400_000,
  ).toISOString(),
  fee: { main_service: shipment.fee, insurance: 0 },
});

export const detail = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const shipment = world.sim.shipments.get(String((await body(c)).order_code ?? ''));
  if (!shipment || shipment.account !== who) return missing(c);
  return ok(c, view(shipment));
};

export const detailByClientCode = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const shipment = world.sim.byClientCode(who, String((await body(c)).client_order_code ?? ''));
  if (!shipment) return missing(c);
  // An array, as GHN documents it (id=118/119).
  return ok(c, [view(shipment)]);
};

export const cancel = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const codes = ((await body(c)).order_codes ?? []) as string[];
  const results = [];
  for (const code of codes) {
    const shipment = world.sim.shipments.get(code);
    const allowed = shipment?.account === who && CANCELLABLE.includes(shipment.status);
    if (allowed) await world.sim.advance(code, 'cancel');
    results.push({ order_code: code, result: allowed, message: allowed ? 'OK' : 'Đơn hàng không thể hủy' });
  }
  return ok(c, results);
};

export const genToken = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const codes = ((await body(c)).order_codes ?? []) as string[];
  if (codes.some((code) => world.sim.shipments.get(code)?.account !== who)) return missing(c);
  const token = `print-${crypto.randomUUID()}`;
  world.tokens.set(token, codes.join(','));
  return ok(c, { token });
};

/** GHN's print page of a size, for the shipments a gen-token call named. */
export const printPage = (world: GhnWorld, size: string) => (c: Context) => {
  const codes = world.tokens.get(c.req.query('token') ?? '');
  if (!codes) return c.html('<p>Token in đã hết hạn</p>', 404);
  const shipments = codes.split(',').flatMap((code) => world.sim.shipments.get(code) ?? []);
  return c.html(labelPage('GHN', size, shipments));
};
