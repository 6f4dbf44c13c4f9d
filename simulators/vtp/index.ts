/**
 * Viettel Post's partner API, simulated (its document "TÀI LIỆU KẾT NỐI API VIETTELPOST"; the
 * published shapes: ./fixtures, where this simulator differs: docs/provider-sources.md "Viettel
 * Post"): paths under /v2, header `Token`, answers `{ status, error, message, data }` (the price
 * list by address text answers a bare `{ SENDER_ADDRESS, RECEIVER_ADDRESS, RESULT[] }`), refusals
 * with the document's messages (./handlers.ts). Login with any user name and a password not
 * starting with "invalid" gives a short token; ownerconnect turns it into the long-lived one;
 * listInventory is GET. createOrderNlp with CHECK_UNIQUE refuses a repeated ORDER_NUMBER. A new
 * shipment is announced by webhook (status 102, the first of VTP's table) and walks 102 → 103 → 104
 * → 105 → 200 → 300 → 400 → 500 → 501, or to any status on demand (carrier-sim.ts). Webhooks are
 * `{ DATA, TOKEN }` JSON with `Authorization` set to the secret the account registered. The print
 * page lives under /DigitalizePrint/report.do as on Viettel Post's print host.
 */
import { Hono } from 'hono';
import type { SimulatorContext } from '../host';
import { carrierSim, type SimEvent, type SimShipment } from '../carrier-sim';
import {
  createOrder,
  listInventory,
  login,
  ownerConnect,
  priceAll,
  printingCode,
  reportPage,
  updateOrder,
  type VtpWorld,
} from './handlers';

const FLOW = ['102', '103', '104', '105', '200', '300', '400', '500', '501'] as const;
const KNOWN = [...FLOW, '101', '107', '201', '202', '502', '503', '504', '505', '506', '507', '508', '509', '515', '550'];
const NAMES: Record<string, string> = {
  '102': 'Đơn hàng chờ xử lý',
  '103': 'Giao cho bưu cục',
  '104': 'Giao cho Bưu tá đi nhận',
  '105': 'Bưu Tá đã nhận hàng',
  '500': 'Giao bưu tá đi phát',
  '501': 'Phát thành công',
  '504': 'Hoàn thành công - Chuyển trả người gửi',
  '107': 'Đối tác yêu cầu hủy qua API',
};

/** dd/MM/yyyy HH:mm:ss in Vietnam time, as Viettel Post writes dates. */
function vtpDate(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

/** Viettel Post's webhook for an event of a shipment: `{ DATA, TOKEN }`, the secret as Authorization. */
const webhook = (shipment: SimShipment, event: SimEvent, secret: string | null) => ({
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
});

export function vtpSimulator({ baseUrl }: SimulatorContext) {
  const sim = carrierSim({ flow: FLOW, known: KNOWN, final: ['501', '504', '503', '107', '201', '101'], webhook });
  const world: VtpWorld = { sim, printCodes: new Map<string, string[]>(), counter: 0 };
  const app = new Hono({ strict: false });
  app.route('/', sim.controls());

  const api = new Hono({ strict: false });
  api.post('/user/Login', login);
  api.post('/user/ownerconnect', ownerConnect);
  api.get('/user/listInventory', listInventory);
  api.post('/order/getPriceAllNlp', priceAll);
  api.post('/order/createOrderNlp', createOrder(world));
  api.post('/order/UpdateOrder', updateOrder(world));
  api.post('/order/printing-code', printingCode(world));
  app.route('/v2', api);

  app.get('/DigitalizePrint/report.do', reportPage(world));

  return { app, state: () => ({ ...sim.state(), baseUrl }), reset: sim.reset, sim };
}
