/**
 * The calls of GHN's simulated public API (./index.ts says what it answers), one named handler
 * each; every one first checks the caller's `Token` as GHN does.
 */
import type { Context } from 'hono';
import { fold, labelPage, simulatedFee, type CarrierSim, type SimShipment } from '../carrier-sim';

/** What the calls share: the shipments, the print tokens handed out and the last order number. */
export type GhnWorld = { sim: CarrierSim; tokens: Map<string, string>; counter: number };

const SERVICES = [
  { service_id: 53320, short_name: 'Hàng nhẹ', service_type_id: 2, base: 0 },
  { service_id: 100039, short_name: 'Hàng nặng', service_type_id: 5, base: 15_000 },
];
const SHOP_PROVINCE = 'ho chi minh';
/** The statuses GHN still lets a shop cancel in. */
const CANCELLABLE = ['ready_to_pick', 'picking', 'money_collect_picking'];

const ok = (c: Context, data: unknown) => c.json({ code: 200, message: 'Success', data });
const refuse = (c: Context, code_message: string, message: string) => c.json({ code: 400, message, code_message, data: null }, 400);

/** The caller's account ("token:shop"), or an answer refusing it. */
function account(c: Context): string | Response {
  const token = c.req.header('Token') ?? '';
  if (!token || token.startsWith('invalid')) return c.json({ code: 401, message: 'Token is not valid', data: null }, 401);
  return `${token}:${c.req.header('ShopId') ?? ''}`;
}

const body = async (c: Context) => ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;

const zoneFee = (input: Record<string, unknown>, serviceId: number) => {
  const service = SERVICES.find((candidate) => candidate.service_id === serviceId) ?? SERVICES[0]!;
  return (
    service.base +
    simulatedFee({
      sameProvince: fold(String(input.to_province_name ?? '')) === SHOP_PROVINCE,
      weightGrams: Number(input.weight ?? 0),
      insuranceValue: Number(input.insurance_value ?? 0),
    })
  );
};

const leadDays = (input: Record<string, unknown>) => (fold(String(input.to_province_name ?? '')) === SHOP_PROVINCE ? 1 : 3);

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
      { _id: shopId, name: 'Cửa hàng giả lập GHN', phone: '0901234567', address: '123 Nguyễn Trãi, Phường Bến Thành, TP. Hồ Chí Minh' },
    ],
  });
}

export async function availableServices(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  if (!input.to_province_name && !input.to_district) return refuse(c, 'ADDRESS_INVALID', 'to_district is required');
  return ok(
    c,
    SERVICES.map(({ base: _base, ...service }) => service),
  );
}

export async function fee(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  if (!input.to_ward_name && !input.to_ward_code) return refuse(c, 'ADDRESS_INVALID', 'to_ward_code is required');
  const total = zoneFee(input, Number(input.service_id));
  return ok(c, { total, service_fee: total, insurance_fee: 0, pick_station_fee: 0, coupon_value: 0, r2s_fee: 0 });
}

export async function leadtime(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
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
function createRefusal(c: Context, world: GhnWorld, who: string, input: Record<string, unknown>, clientCode: string): Response | null {
  if (clientCode && world.sim.byClientCode(who, clientCode)) return refuse(c, 'CLIENT_ORDER_CODE_EXIST', 'client_order_code đã tồn tại');
  if (!/^0\d{9,10}$/.test(String(input.to_phone ?? ''))) return refuse(c, 'PHONE_INVALID', 'Số điện thoại không hợp lệ');
  if (!input.to_ward_name || !input.to_province_name) return refuse(c, 'ADDRESS_INVALID', 'Địa chỉ không hợp lệ');
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
  const refused = createRefusal(c, world, who, input, clientCode);
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
  return ok(c, {
    order_code: shipment.trackingCode,
    sort_code: '19-1-12',
    trans_type: 'truck',
    total_fee: shipment.fee,
    expected_delivery_time: new Date(now.getTime() + leadDays(input) * 86_400_000).toISOString(),
    fee: { main_service: shipment.fee, insurance: 0 },
  });
};

export const detail = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const shipment = world.sim.shipments.get(String((await body(c)).order_code ?? ''));
  if (!shipment || shipment.account !== who) return refuse(c, 'ORDER_NOT_FOUND', 'Không tìm thấy đơn hàng');
  return ok(c, view(shipment));
};

export const detailByClientCode = (world: GhnWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const shipment = world.sim.byClientCode(who, String((await body(c)).client_order_code ?? ''));
  if (!shipment) return refuse(c, 'ORDER_NOT_FOUND', 'Không tìm thấy đơn hàng');
  return ok(c, view(shipment));
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
  if (codes.some((code) => world.sim.shipments.get(code)?.account !== who)) return refuse(c, 'ORDER_NOT_FOUND', 'Không tìm thấy đơn hàng');
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
