/**
 * The calls of Viettel Post's simulated partner API (./index.ts says what it answers; the published
 * shapes: ./fixtures), one named handler each; every call but user/Login first checks the caller's
 * `Token`. Refusals are `{ status, error: true, message, data: null }` with HTTP 200 and the
 * messages of the document's error table (§9.4); `status` is what the fixtures show (null where the
 * document shows none, 204 for an unpriced route, 205 for a system error).
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
const refuse = (c: Context, message: string, status: number | null = null) => c.json({ status, error: true, message, data: null });

function account(c: Context): string | Response {
  const token = c.req.header('Token') ?? '';
  if (!token) return refuse(c, 'Header Token is required');
  if (token.startsWith('invalid')) return refuse(c, 'Token invalid or expired');
  return token;
}

/** Viettel Post's strings hold 150 bytes (§5.1). */
const tooLong = (value: unknown) => new TextEncoder().encode(String(value ?? '')).length > 150;
const phoneDigits = (value: unknown) => String(value ?? '').replace(/\D/g, '');
/** The ids Viettel Post resolved an address text to (getPriceAllNlp's SENDER_ADDRESS / RECEIVER_ADDRESS). */
const resolved = (text: unknown, provinceId: number) => ({
  PROVINCE_ID: provinceId,
  DISTRICT_ID: 0,
  WARD_ID: 0,
  ADDRESS: String(text ?? ''),
});
const inShopProvince = (text: unknown) => fold(String(text ?? '')).includes(SHOP_PROVINCE);

const body = async (c: Context) => ((await c.req.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;

const price = (input: Record<string, unknown>, service: (typeof SERVICES)[number]) =>
  service.extra +
  simulatedFee({
    sameProvince: inShopProvince(input.RECEIVER_ADDRESS),
    weightGrams: Number(input.PRODUCT_WEIGHT ?? 0),
    insuranceValue: Number(input.PRODUCT_PRICE ?? 0),
  });

export async function login(c: Context) {
  const input = await body(c);
  if (!input.USERNAME || String(input.PASSWORD ?? '').startsWith('invalid') || !input.PASSWORD)
    return refuse(c, 'Invalid owner account or password!');
  return answer(c, {
    userId: 1,
    token: `short-${String(input.USERNAME)}`,
    partner: 1,
    phone: '0901234567',
    postcode: null,
    expired: 0,
    encrypted: null,
    source: 5,
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
    phone: '0901234567',
    postcode: null,
    expired: 0,
    encrypted: null,
    source: 5,
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
      provinceId: 2,
      districtId: 0,
      wardsId: 0,
    },
  ]);
}

/** getPriceAllNlp: a bare object, the resolved addresses and RESULT[] (not the usual envelope). */
export async function priceAll(c: Context) {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  if (!input.SENDER_ADDRESS) return refuse(c, 'Invalid [SENDER_ADDRESS]');
  if (!input.RECEIVER_ADDRESS) return refuse(c, 'Invalid [RECEIVER_ADDRESS]');
  return c.json({
    SENDER_ADDRESS: resolved(input.SENDER_ADDRESS, inShopProvince(input.SENDER_ADDRESS) ? 2 : 1),
    RECEIVER_ADDRESS: resolved(input.RECEIVER_ADDRESS, inShopProvince(input.RECEIVER_ADDRESS) ? 2 : 1),
    RESULT: SERVICES.map((service) => ({
      MA_DV_CHINH: service.MA_DV_CHINH,
      TEN_DICHVU: service.TEN_DICHVU,
      GIA_CUOC: price(input, service),
      THOI_GIAN: `${service.hours} giờ`,
      EXCHANGE_WEIGHT: input.PRODUCT_WEIGHT,
      EXTRA_SERVICE: [],
    })),
  });
}

/** What createOrderNlp refuses in a request, in the words of §9.4 (phones and the repeat: inferred). */
function createRefusal(input: Record<string, unknown>): string | null {
  const rows: Array<[boolean, string]> = [
    [!input.SENDER_ADDRESS || tooLong(input.SENDER_ADDRESS), 'Invalid [SENDER_ADDRESS]'],
    [!input.RECEIVER_ADDRESS || tooLong(input.RECEIVER_ADDRESS), 'Invalid [RECEIVER_ADDRESS]'],
    [![10, 11].includes(phoneDigits(input.SENDER_PHONE).length), 'Incorrect data: SENDER_PHONE'],
    [![10, 11].includes(phoneDigits(input.RECEIVER_PHONE).length), 'Incorrect data: RECEIVER_PHONE'],
    [![1, 2, 3, 4].includes(Number(input.ORDER_PAYMENT)), 'Incorrect data: ORDER_PAYMENT'],
    [input.PRODUCT_TYPE !== undefined && !['HH', 'TH'].includes(String(input.PRODUCT_TYPE)), 'Incorrect data: PRODUCT_TYPE'],
    [!SERVICES.some((service) => service.MA_DV_CHINH === input.ORDER_SERVICE), 'Incorrect data: ORDER_SERVICE'],
    [Number(input.MONEY_COLLECTION ?? 0) < 0, 'Invalid [MONEY_COLLECTION]'],
  ];
  return rows.find(([broken]) => broken)?.[1] ?? null;
}

/** createOrderNlp: refused as Viettel Post does, else a shipment at 102, announced by webhook. */
export const createOrder = (world: VtpWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const code = String(input.ORDER_NUMBER ?? '');
  // Viettel Post documents no answer for a repeat under CHECK_UNIQUE: this message is ours.
  if (input.CHECK_UNIQUE && code && world.sim.byClientCode(who, code)) return refuse(c, `ORDER_NUMBER ${code} đã tồn tại`);
  const refused = createRefusal(input);
  if (refused) return refuse(c, refused);
  const service = SERVICES.find((candidate) => candidate.MA_DV_CHINH === input.ORDER_SERVICE)!;
  world.counter += 1;
  const now = new Date();
  const shipment: SimShipment = {
    trackingCode: `18574${String(60_000 + world.counter)}`,
    clientCode: code,
    account: who,
    status: '102',
    history: [{ status: '102', at: now }],
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
    MONEY_FEE: 0,
    MONEY_COLLECTION_FEE: 0,
    MONEY_OTHER_FEE: 0,
    MONEY_VAS: 0,
    MONEY_VAT: 0,
    KPI_HT: service.hours,
    RECEIVER_PROVINCE: inShopProvince(input.RECEIVER_ADDRESS) ? 2 : 1,
    RECEIVER_DISTRICT: 0,
    RECEIVER_WARD: 0,
  });
};

/** UpdateOrder: only TYPE 4 (cancel), before the postman took the parcel. */
export const updateOrder = (world: VtpWorld) => async (c: Context) => {
  const who = account(c);
  if (typeof who !== 'string') return who;
  const input = await body(c);
  const shipment = world.sim.shipments.get(String(input.ORDER_NUMBER ?? ''));
  if (!shipment || shipment.account !== who) return refuse(c, 'Order does not exist');
  if (Number(input.TYPE) !== 4) return refuse(c, 'TYPE không được hỗ trợ trong trình giả lập');
  if (shipment.status === '107') return refuse(c, 'Order status already exists on the system');
  // The document gives no message for "too late to cancel" (status 105, or 200 and after): ours.
  if (Number(shipment.status) >= 200 || shipment.status === '105') return refuse(c, 'Đơn hàng đã được lấy, không thể hủy');
  await world.sim.advance(shipment.trackingCode, '107');
  return answer(c, null, 'Hủy đơn hàng thành công');
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
  const size = { '1': 'A5', '2': 'A6', a6_1: 'A6', '100': 'A7', '1001': 'A7' }[c.req.query('type') ?? '1'] ?? 'A5';
  return c.html(
    labelPage(
      'Viettel Post',
      size,
      codes.flatMap((code) => world.sim.shipments.get(code) ?? []),
    ),
  );
};
