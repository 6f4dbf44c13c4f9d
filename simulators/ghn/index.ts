/**
 * Giao Hàng Nhanh's public API, simulated (api.ghn.vn; each call's page and where this simulator
 * differs: docs/provider-sources.md "GHN"): under /shiip/public-api, headers `Token` and `ShopId`,
 * answers `{ code, message, data }` (400 with `code_message` for a refusal, 401 for a bad token).
 * Any token works except one starting with "invalid"; any numeric shop id is the token's shop.
 * Routed calls take GHN's district and ward ids from its master data (./places.ts: the demo's
 * addresses), and refuse names where GHN documents ids (./handlers.ts).
 * Statuses walk ready_to_pick → picking → picked → storing → transporting → delivering → delivered
 * (then the COD transfer), or to any GHN status on demand (carrier-sim.ts); each step is a webhook
 * `{ Type, Status, OrderCode, ClientOrderCode, Time, CODAmount, CODTransferDate, TotalFee, ShopID }`
 * with the secret the account registered as `?secret=` on its URL.
 */
import { Hono } from 'hono';
import type { SimulatorContext } from '../host';
import { carrierSim, type SimEvent, type SimShipment } from '../carrier-sim';
import {
  availableServices,
  cancel,
  checked,
  createOrder,
  detail,
  detailByClientCode,
  fee,
  genToken,
  leadtime,
  printPage,
  shiftDate,
  shopAll,
  type GhnWorld,
} from './handlers';
import { districts, provinces, wards } from './places';

const FLOW = ['ready_to_pick', 'picking', 'picked', 'storing', 'transporting', 'delivering', 'delivered'] as const;
const KNOWN = [
  ...FLOW,
  'money_collect_picking',
  'sorting',
  'money_collect_delivering',
  'delivery_fail',
  'waiting_to_return',
  'return',
  'return_transporting',
  'return_sorting',
  'returning',
  'return_fail',
  'returned',
  'cancel',
  'exception',
  'lost',
  'damage',
];

/** GHN's webhook for an event of a shipment (the COD transfer is an update_cod). */
const webhook = (shipment: SimShipment, event: SimEvent) => ({
  body: {
    Type: event.kind === 'cod_paid' ? 'update_cod' : 'switch_status',
    Status: event.status,
    OrderCode: shipment.trackingCode,
    ClientOrderCode: shipment.clientCode,
    ShopID: Number(shipment.account.split(':')[1] ?? 0),
    Time: event.at.toISOString(),
    CODAmount: shipment.codAmount,
    CODTransferDate: shipment.codPaidAt?.toISOString() ?? null,
    TotalFee: shipment.fee,
    Reason: event.status === 'delivery_fail' ? 'Người nhận hẹn giao lại' : '',
  },
});

export function ghnSimulator({ baseUrl }: SimulatorContext) {
  const sim = carrierSim({ flow: FLOW, known: KNOWN, final: ['delivered', 'returned', 'cancel'], codPaidEvent: true, webhook });
  const world: GhnWorld = { sim, tokens: new Map<string, string>(), counter: 0 };
  const app = new Hono({ strict: false });
  app.route('/', sim.controls());

  const api = new Hono({ strict: false });
  api.post('/v2/shop/all', shopAll);
  // Master data: GHN documents GET and POST ("post/get") with the id in the body or the query.
  for (const [path, handler] of [
    ['/master-data/province', provinces],
    ['/master-data/district', districts],
    ['/master-data/ward', wards],
  ] as const) {
    api.on(['GET', 'POST'], path, (c) => checked(c, handler));
  }
  api.post('/v2/shipping-order/available-services', availableServices);
  api.post('/v2/shipping-order/fee', fee);
  api.post('/v2/shipping-order/leadtime', leadtime);
  api.get('/v2/shift/date', shiftDate);
  api.post('/v2/shipping-order/create', createOrder(world));
  api.post('/v2/shipping-order/detail', detail(world));
  api.post('/v2/shipping-order/detail-by-client-code', detailByClientCode(world));
  api.post('/v2/switch-status/cancel', cancel(world));
  api.post('/v2/a5/gen-token', genToken(world));
  app.route('/shiip/public-api', api);

  app.get('/a5/public-api/printA5', printPage(world, 'A5'));
  app.get('/a5/public-api/print80x80', printPage(world, '80mm'));

  return { app, state: () => ({ ...sim.state(), baseUrl }), reset: sim.reset, sim };
}
