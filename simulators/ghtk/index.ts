/**
 * Giao Hàng Tiết Kiệm's API, simulated (docs.giaohangtietkiem.vn; the published shapes:
 * ./fixtures, where this simulator differs: docs/provider-sources.md "GHTK"): headers `Token` and
 * `X-Client-Source`, answers `{ success, message, … }`, refusals in GHTK's error envelope
 * `{ success: false, message, error_code, log_id }` with its table's codes and HTTP statuses
 * (./refusals.ts). Any token works except one starting with "invalid" (401, 20101). Fee and create
 * need the district, as GHTK's do. A repeated `order.id` is answered with ORDER_ID_EXIST and the
 * label already given. Statuses (status_id) walk 2 → 12 → 3 → 4 → 5 → 6 (đã đối soát: the COD paid
 * out), or to any GHTK status on demand (carrier-sim.ts); each step is a form-encoded webhook
 * (label_id, partner_id, status_id, action_time, pick_money, fee, reason) to the URL the account
 * registered.
 */
import { Hono, type Context } from 'hono';
import type { SimulatorContext } from '../host';
import { carrierSim, fold, simulatedFee, tinyPdf, type SimShipment } from '../carrier-sim';
import { cancelRefusal, createRefusal, feeRefusal, ghtkError, vietnamTime, type Refusal } from './refusals';

const FLOW = ['2', '12', '3', '4', '5', '6'] as const;
const KNOWN = [...FLOW, '-1', '1', '7', '8', '9', '10', '11', '13', '20', '21', '123', '127', '128', '45', '49', '410'];
const SHOP_PROVINCE = 'ho chi minh';
const FLY_EXTRA = 12_000;

/** A shipment as GHTK's status call shows it (./fixtures/status.json). */
const view = (shipment: SimShipment) => ({
  label_id: shipment.trackingCode,
  partner_id: shipment.clientCode,
  status: shipment.status,
  status_text: `Trạng thái ${shipment.status}`,
  created: vietnamTime(shipment.createdAt),
  modified: vietnamTime(shipment.history[shipment.history.length - 1]!.at),
  pick_money: shipment.codAmount,
  ship_money: String(shipment.fee),
});

export function ghtkSimulator({ baseUrl }: SimulatorContext) {
  const sim = carrierSim({
    flow: FLOW,
    known: KNOWN,
    final: ['6', '-1', '11', '21'],
    webhook: (shipment, event) => ({
      form: true,
      body: {
        label_id: shipment.trackingCode,
        partner_id: shipment.clientCode,
        status_id: event.status,
        action_time: event.at.toISOString(),
        reason_code: event.status === '9' ? '130' : '',
        reason: event.status === '9' ? 'Người nhận không nghe máy' : '',
        fee: String(shipment.fee),
        pick_money: String(shipment.codAmount),
        return_part_package: '0',
      },
    }),
  });
  let counter = 0;
  const app = new Hono({ strict: false });
  app.route('/', sim.controls());

  function account(c: Context): string | Response {
    const token = c.req.header('Token') ?? '';
    if (!token || token.startsWith('invalid')) return refuse(c, [401, '20101', 'Cần cung cấp token hợp lệ']);
    return token;
  }
  const refuse = (c: Context, [status, code, message]: Refusal) => c.json(ghtkError(code, message), status);
  const fee = (input: { province?: unknown; weight?: unknown; value?: unknown; transport?: unknown }) => {
    const same = fold(String(input.province ?? '')) === SHOP_PROVINCE;
    const base = simulatedFee({
      sameProvince: same,
      weightGrams: Number(input.weight ?? 0),
      insuranceValue: Number(input.value ?? 0),
      base: same ? 18_000 : 30_000,
    });
    return base + (input.transport === 'fly' ? FLY_EXTRA : 0);
  };
  const byId = (who: string, id: string) => {
    const shipment = id.startsWith('partner_id:') ? sim.byClientCode(who, id.slice('partner_id:'.length)) : sim.shipments.get(id);
    return shipment && shipment.account === who ? shipment : null;
  };

  app.get('/services/shipment/fee', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const query = c.req.query();
    const refused = feeRefusal(query);
    if (refused) return refuse(c, refused);
    return c.json({ success: true, message: '', fee: { name: 'area1', fee: fee(query), insurance_fee: 0, delivery: true } });
  });

  app.post('/services/shipment/order', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const input = ((await c.req.json().catch(() => ({}))) ?? {}) as { order?: Record<string, unknown> };
    const order = input.order ?? {};
    const id = String(order.id ?? '');
    const existing = sim.byClientCode(who, id);
    if (existing) {
      return c.json({
        success: false,
        message: 'Mã đơn hàng của bạn đã tồn tại trên hệ thống GHTK',
        error: {
          code: 'ORDER_ID_EXIST',
          partner_id: id,
          ghtk_label: existing.trackingCode,
          created: existing.createdAt.toISOString().replace('Z', '+00:00'),
          status: Number(existing.status),
        },
      });
    }
    const refused = createRefusal(input.order ? order : null);
    if (refused) return refuse(c, refused);
    counter += 1;
    const now = new Date();
    const shipment: SimShipment = {
      trackingCode: `S22925.SG01.A${String(1000 + counter)}`,
      clientCode: id,
      account: who,
      status: '2',
      history: [{ status: '2', at: now }],
      codAmount: Number(order.pick_money ?? 0),
      fee: fee({
        province: order.province,
        weight: Number(order.total_weight ?? 0) * 1000,
        value: order.value,
        transport: order.transport,
      }),
      codPaidAt: null,
      request: input,
      createdAt: now,
    };
    sim.add(shipment);
    return c.json({
      success: true,
      message: '',
      order: {
        partner_id: id,
        label: shipment.trackingCode,
        area: '1',
        fee: String(shipment.fee),
        insurance_fee: '0',
        tracking_id: 1000 + counter,
        estimated_pick_time: `Sáng ${vietnamTime(new Date(now.getTime() + 86_400_000)).slice(0, 10)}`,
        estimated_deliver_time: `Chiều ${vietnamTime(new Date(now.getTime() + 2 * 86_400_000)).slice(0, 10)}`,
        products: [],
        status_id: 2,
      },
    });
  });

  app.get('/services/shipment/v2/:id', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const shipment = byId(who, c.req.param('id'));
    // GHTK documents no not-found answer for this call: the envelope without a code (inferred).
    if (!shipment) return c.json({ success: false, message: 'Không tìm thấy vận đơn trên hệ thống', log_id: 'sim' }, 400);
    return c.json({ success: true, message: '', order: view(shipment) });
  });

  app.post('/services/shipment/cancel/:id', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const shipment = byId(who, c.req.param('id'));
    const refused = cancelRefusal(shipment?.status ?? null);
    if (refused) return refuse(c, refused);
    await sim.advance(shipment!.trackingCode, '-1');
    return c.json({ success: true, message: '', log_id: 'sim' });
  });

  app.get('/services/label/:label', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const shipment = byId(who, c.req.param('label'));
    if (!shipment) return refuse(c, [400, '40102', 'Mã vận đơn không hợp lệ, không tìm thấy vận đơn']);
    const lines = [
      `GHTK ${shipment.trackingCode}`,
      `Ma don shop: ${shipment.clientCode}`,
      `Thu ho: ${shipment.codAmount}`,
      `Kho giay: ${c.req.query('paper_size') ?? 'A6'}`,
    ];
    return c.body(tinyPdf(lines).slice().buffer, 200, { 'content-type': 'application/pdf' });
  });

  return { app, state: () => ({ ...sim.state(), baseUrl }), reset: sim.reset, sim };
}
