/**
 * The calls of Viettel Post's simulated partner API (./index.ts says what it answers), one named
 * handler each; every call but user/Login first checks the caller's `Token`.
 */
import type { Context } from 'hono';
import { fold, labelPage, simulatedFee, type CarrierSim, type SimShipment } from '../carrier-sim';

/** What the calls share: the shipments, the print codes handed out and the last waybill number. */
export type VtpWorld = { sim: CarrierSim; printCodes: Map<string, string[]>; counter: number };

const SERVICES = [
  { MA_DV_CHINH: 'VCN', TEN_DICHVU: 'Chuyển phát nhanh', extra: 8_000, hours: 24 },
  { MA_DV_CHINH: 'VTK', TEN_DICHVU: 'Tiết kiệm', extra: 0, hours: 72 },
];
const SHOP_PROVINCE = 'ho chi minh';

const answer = (c: Context, data: unknown, message = 'OK') => c.json({ status: 200, error: false, message, data });
const refuse = (c: Context, message: string, status = 204) => c.json({ status, error: true, message, data: null });

function account(c: Context): string | Response {
  const token = c.req.header('Token') ?? '';
  if (!token || token.startsWith('invalid'))
    return c.json({ status: 401, error: true, message: 'Token invalid or expired', data: null }, 401);
  return token;
}

const body = async (c: Context) => ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;

const price = (input: Record<string, unknown>, service: (typeof SERVICES)[number]) =>
  service.extra +
  simulatedFee({
    sameProvince: fold(String(input.RECEIVER_ADDRESS ?? '')).includes(SHOP_PROVINCE),
    weightGrams: Number(input.PRODUCT_WEIGHT ?? 0),
    insuranceValue: Number(input.PRODUCT_PRICE ?? 0),
  });

export async function login(c: Context) {
  const input = await body(c);
  if (!input.USERNAME || String(input.PASSWORD ?? '').startsWith('invalid') || !input.PASSWORD)
    return refuse(c, 'Invalid owner account or password!', 205);
  return answer(c, {
    userId: 1,
    token: `short-${String(input.USERNAME)}`,
    partner: 1,
    phone: '0901234567',
    expired: Date.now() + 3_600_000,
  });
}

export async function ownerConnect(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  return answer(c, {
    userId: 1,
    token: `vtp-long-${String(input.USERNAME ?? 'khach')}`,
    partner: 1,
    expired: Date.now() + 365 * 86_400_000,
  });
}

export function listInventory(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  return answer(c, [
    {
      groupaddressId: 5_818_802,
      cusId: 722,
      name: 'Kho giả lập Viettel Post',
      phone: '0901234567',
      address: '123 Nguyễn Trãi, Bến Thành, TP. Hồ Chí Minh',
    },
  ]);
}

export async function priceAll(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  if (!input.RECEIVER_ADDRESS || !input.SENDER_ADDRESS) return refuse(c, 'Incorrect data: RECEIVER_ADDRESS');
  return c.json(
    SERVICES.map((service) => ({
      MA_DV_CHINH: service.MA_DV_CHINH,
      TEN_DICHVU: service.TEN_DICHVU,
      GIA_CUOC: price(input, service),
      THOI_GIAN: `${service.hours} giờ`,
      EXCHANGE_WEIGHT: input.PRODUCT_WEIGHT,
      EXTRA_SERVICE: [],
    })),
  );
}

/** createOrderNlp: refused as Viettel Post does, else a shipment at 100, announced by webhook. */
export const createOrder = (world: VtpWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const code = String(input.ORDER_NUMBER ?? '');
  if (input.CHECK_UNIQUE && world.sim.byClientCode(who, code)) return refuse(c, `ORDER_NUMBER ${code} đã tồn tại`);
  if (!/^0\d{9,10}$/.test(String(input.RECEIVER_PHONE ?? ''))) return refuse(c, 'Incorrect data: RECEIVER_PHONE');
  if (!input.RECEIVER_ADDRESS) return refuse(c, 'Incorrect data: RECEIVER_ADDRESS');
  const service = SERVICES.find((candidate) => candidate.MA_DV_CHINH === input.ORDER_SERVICE);
  if (!service) return refuse(c, 'Incorrect data: ORDER_SERVICE');
  world.counter += 1;
  const now = new Date();
  const shipment: SimShipment = {
    trackingCode: `18574${String(60_000 + world.counter)}`,
    clientCode: code,
    account: who,
    status: '100',
    history: [{ status: '100', at: now }],
    codAmount: Number(input.MONEY_COLLECTION ?? 0),
    fee: price(input, service),
    codPaidAt: null,
    request: input,
    createdAt: now,
  };
  world.sim.add(shipment);
  await world.sim.notify(shipment, shipment.history);
  return answer(c, {
    ORDER_NUMBER: shipment.trackingCode,
    MONEY_COLLECTION: shipment.codAmount,
    EXCHANGE_WEIGHT: input.PRODUCT_WEIGHT,
    MONEY_TOTAL: shipment.fee,
    MONEY_TOTAL_FEE: shipment.fee,
    MONEY_FEE: shipment.fee,
    MONEY_COLLECTION_FEE: 0,
    MONEY_OTHER_FEE: 0,
    MONEY_VAT: 0,
    KPI_HT: service.hours,
  });
};

/** UpdateOrder: only TYPE 4 (cancel), before the postman took the parcel. */
export const updateOrder = (world: VtpWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const shipment = world.sim.shipments.get(String(input.ORDER_NUMBER ?? ''));
  if (!shipment || shipment.account !== who) return refuse(c, 'Không tìm thấy vận đơn');
  if (Number(input.TYPE) !== 4) return refuse(c, 'TYPE không được hỗ trợ trong trình giả lập');
  if (Number(shipment.status) >= 200 || ['105', '107'].includes(shipment.status)) return refuse(c, 'Đơn hàng đã được lấy, không thể hủy');
  await world.sim.advance(shipment.trackingCode, '107');
  return answer(c, null, 'Hủy đơn thành công');
};

export const printingCode = (world: VtpWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const codes = ((await body(c)).ORDER_ARRAY ?? []) as string[];
  if (codes.length === 0 || codes.length > 100 || codes.some((code) => world.sim.shipments.get(code)?.account !== who))
    return refuse(c, 'ORDER_ARRAY không hợp lệ');
  const printCode = `in-${crypto.randomUUID()}`;
  world.printCodes.set(printCode, codes);
  return c.json({ status: 200, error: false, message: printCode, data: null });
};

/** The print host's page for a printing code, in the size its `type` names. */
export const reportPage = (world: VtpWorld) => (c: Context) => {
  const codes = world.printCodes.get(c.req.query('bill') ?? '');
  if (!codes) return c.html('<p>Mã in không hợp lệ hoặc đã hết hạn</p>', 404);
  const size = { '1': 'A5', '2': 'A6', '100': '80mm' }[c.req.query('type') ?? '1'] ?? 'A5';
  return c.html(
    labelPage(
      'Viettel Post',
      size,
      codes.flatMap((code) => world.sim.shipments.get(code) ?? []),
    ),
  );
};
