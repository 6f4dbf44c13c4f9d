/**
 * Viettel Post's partner API, simulated (its document "TÀI LIỆU KẾT NỐI API VIETTELPOST"; each call's
 * section and where this simulator differs: docs/provider-sources.md "Viettel Post"): paths under /v2, header `Token`, answers
 * `{ status, error, message, data }` (the price list answers a bare array). Login with any user
 * name and a password not starting with "invalid" gives a short token; ownerconnect turns it into
 * the long-lived one. createOrderNlp with CHECK_UNIQUE refuses a repeated ORDER_NUMBER. A new
 * shipment is announced by webhook (status 100) and walks 100 → 102 → 103 → 104 → 105 → 200 → 300
 * → 400 → 500 → 501, or to any status on demand (carrier-sim.ts). Webhooks are `{ DATA, TOKEN }`
 * JSON with `Authorization` set to the secret the account registered. The print page lives under
 * /DigitalizePrint/report.do as on Viettel Post's print host.
 */
import { Hono, type Context } from 'hono';
import type { SimulatorContext } from '../host';
import { carrierSim, fold, labelPage, simulatedFee, type SimShipment } from '../carrier-sim';

const FLOW = ['100', '102', '103', '104', '105', '200', '300', '400', '500', '501'] as const;
const KNOWN = [...FLOW, '101', '107', '201', '202', '502', '503', '504', '505', '506', '507', '508', '509', '515', '550'];
const NAMES: Record<string, string> = {
  '100': 'Tiếp nhận đơn hàng từ đối tác',
  '105': 'Bưu tá đã nhận hàng',
  '500': 'Giao bưu tá đi phát',
  '501': 'Phát thành công',
  '504': 'Hoàn thành công – chuyển trả người gửi',
  '107': 'Đối tác yêu cầu hủy qua API',
};
const SERVICES = [
  { MA_DV_CHINH: 'VCN', TEN_DICHVU: 'Chuyển phát nhanh', extra: 8_000, hours: 24 },
  { MA_DV_CHINH: 'VTK', TEN_DICHVU: 'Tiết kiệm', extra: 0, hours: 72 },
];
const SHOP_PROVINCE = 'ho chi minh';

/** dd/MM/yyyy HH:mm:ss in Vietnam time, as Viettel Post writes dates. */
function vtpDate(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

export function vtpSimulator({ baseUrl }: SimulatorContext) {
  const sim = carrierSim({
    flow: FLOW,
    known: KNOWN,
    final: ['501', '504', '503', '107', '201', '101'],
    webhook: (shipment, event, secret) => ({
      headers: secret ? { Authorization: secret } : ({} as Record<string, string>),
      body: {
        DATA: {
          ORDER_NUMBER: shipment.trackingCode,
          ORDER_REFERENCE: shipment.clientCode,
          ORDER_STATUSDATE: vtpDate(event.at),
          ORDER_STATUS: Number(event.status),
          STATUS_NAME: NAMES[event.status] ?? `Trạng thái ${event.status}`,
          LOCALION_CURRENTLY: 'Bưu cục giả lập',
          NOTE: '',
          MONEY_COLLECTION: shipment.codAmount,
          MONEY_TOTAL: shipment.fee,
          IS_RETURNING: ['502', '504', '515'].includes(event.status),
        },
        TOKEN: shipment.account,
      },
    }),
  });
  const printCodes = new Map<string, string[]>();
  let counter = 0;
  const app = new Hono({ strict: false });
  app.route('/', sim.controls());

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

  const api = new Hono({ strict: false });

  api.post('/user/Login', async (c) => {
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
  });

  api.post('/user/ownerconnect', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const input = await body(c);
    return answer(c, {
      userId: 1,
      token: `vtp-long-${String(input.USERNAME ?? 'khach')}`,
      partner: 1,
      expired: Date.now() + 365 * 86_400_000,
    });
  });

  api.post('/user/listInventory', (c) => {
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
  });

  api.post('/order/getPriceAllNlp', async (c) => {
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
  });

  api.post('/order/createOrderNlp', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const input = await body(c);
    const code = String(input.ORDER_NUMBER ?? '');
    if (input.CHECK_UNIQUE && sim.byClientCode(who, code)) return refuse(c, `ORDER_NUMBER ${code} đã tồn tại`);
    if (!/^0\d{9,10}$/.test(String(input.RECEIVER_PHONE ?? ''))) return refuse(c, 'Incorrect data: RECEIVER_PHONE');
    if (!input.RECEIVER_ADDRESS) return refuse(c, 'Incorrect data: RECEIVER_ADDRESS');
    const service = SERVICES.find((candidate) => candidate.MA_DV_CHINH === input.ORDER_SERVICE);
    if (!service) return refuse(c, 'Incorrect data: ORDER_SERVICE');
    counter += 1;
    const now = new Date();
    const shipment: SimShipment = {
      trackingCode: `18574${String(60_000 + counter)}`,
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
    sim.add(shipment);
    await sim.notify(shipment, shipment.history);
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
  });

  api.post('/order/UpdateOrder', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const input = await body(c);
    const shipment = sim.shipments.get(String(input.ORDER_NUMBER ?? ''));
    if (!shipment || shipment.account !== who) return refuse(c, 'Không tìm thấy vận đơn');
    if (Number(input.TYPE) !== 4) return refuse(c, 'TYPE không được hỗ trợ trong trình giả lập');
    if (Number(shipment.status) >= 200 || ['105', '107'].includes(shipment.status)) return refuse(c, 'Đơn hàng đã được lấy, không thể hủy');
    await sim.advance(shipment.trackingCode, '107');
    return answer(c, null, 'Hủy đơn thành công');
  });

  api.post('/order/printing-code', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const codes = ((await body(c)).ORDER_ARRAY ?? []) as string[];
    if (codes.length === 0 || codes.length > 100 || codes.some((code) => sim.shipments.get(code)?.account !== who))
      return refuse(c, 'ORDER_ARRAY không hợp lệ');
    const printCode = `in-${crypto.randomUUID()}`;
    printCodes.set(printCode, codes);
    return c.json({ status: 200, error: false, message: printCode, data: null });
  });

  app.route('/v2', api);

  app.get('/DigitalizePrint/report.do', (c) => {
    const codes = printCodes.get(c.req.query('bill') ?? '');
    if (!codes) return c.html('<p>Mã in không hợp lệ hoặc đã hết hạn</p>', 404);
    const size = { '1': 'A5', '2': 'A6', '100': '80mm' }[c.req.query('type') ?? '1'] ?? 'A5';
    return c.html(
      labelPage(
        'Viettel Post',
        size,
        codes.flatMap((code) => sim.shipments.get(code) ?? []),
      ),
    );
  });

  return { app, state: () => ({ ...sim.state(), baseUrl }), reset: sim.reset, sim };
}
