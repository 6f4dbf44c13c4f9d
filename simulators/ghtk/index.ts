/**
 * Giao Hàng Tiết Kiệm's API, simulated (docs.giaohangtietkiem.vn; each call's page and where this
 * simulator differs: docs/provider-sources.md "GHTK"): headers `Token` and
 * `X-Client-Source`, answers `{ success, message, … }`. Any token works except one starting with
 * "invalid". A repeated `order.id` is refused with ORDER_ID_EXIST and the label already given.
 * Statuses (status_id) walk 2 → 12 → 3 → 4 → 5 → 6 (đã đối soát: the COD paid out), or to any
 * GHTK status on demand (carrier-sim.ts); each step is a form-encoded webhook (label_id,
 * partner_id, status_id, action_time, pick_money, fee, reason) to the URL the account registered.
 */
import { Hono, type Context } from 'hono';
import type { SimulatorContext } from '../host';
import { carrierSim, fold, simulatedFee, tinyPdf, type SimShipment } from '../carrier-sim';

const FLOW = ['2', '12', '3', '4', '5', '6'] as const;
const KNOWN = [...FLOW, '-1', '1', '7', '8', '9', '10', '11', '13', '20', '21', '123', '127', '128', '45', '49', '410'];
const SHOP_PROVINCE = 'ho chi minh';
const FLY_EXTRA = 12_000;

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
    if (!token || token.startsWith('invalid')) return c.json({ success: false, message: 'Token không hợp lệ' }, 401);
    return token;
  }
  const refuse = (c: Context, code: string, message: string, extra: Record<string, unknown> = {}) =>
    c.json({ success: false, message, error: { code, ...extra } });
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
  const view = (shipment: SimShipment) => ({
    label_id: shipment.trackingCode,
    partner_id: shipment.clientCode,
    status: shipment.status,
    status_text: `Trạng thái ${shipment.status}`,
    created: shipment.createdAt.toISOString(),
    modified: shipment.history[shipment.history.length - 1]!.at.toISOString(),
    pick_money: shipment.codAmount,
    ship_money: shipment.fee,
  });

  app.get('/services/authenticated', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    return c.json({ success: true, message: 'Authenticated' });
  });

  app.get('/services/shipment/fee', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const query = c.req.query();
    if (!query.province || !query.ward) return refuse(c, 'INVALID_ADDRESS', 'Địa chỉ không hợp lệ');
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
      return refuse(c, 'ORDER_ID_EXIST', `Mã đơn hàng ${id} đã tồn tại`, {
        partner_id: id,
        ghtk_label: existing.trackingCode,
        created: existing.createdAt.toISOString(),
        status: Number(existing.status),
      });
    }
    if (!id) return refuse(c, 'INVALID_ORDER_ID', 'order.id là bắt buộc');
    if (!/^0\d{9,10}$/.test(String(order.tel ?? ''))) return refuse(c, 'INVALID_TEL', 'Số điện thoại không hợp lệ');
    if (!order.province || !order.ward || !order.address) return refuse(c, 'INVALID_ADDRESS', 'Địa chỉ không hợp lệ');
    if (Number(order.pick_money ?? 0) > 20_000_000) return refuse(c, 'PICK_MONEY_LIMIT', 'Tiền thu hộ tối đa 20.000.000đ');
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
        area: 1,
        fee: shipment.fee,
        insurance_fee: 0,
        estimated_pick_time: 'Sáng mai',
        estimated_deliver_time: new Date(now.getTime() + 2 * 86_400_000).toISOString(),
        status_id: 2,
      },
    });
  });

  app.get('/services/shipment/v2/:id', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const id = c.req.param('id');
    const shipment = id.startsWith('partner_id:') ? sim.byClientCode(who, id.slice('partner_id:'.length)) : sim.shipments.get(id);
    if (!shipment || shipment.account !== who) return refuse(c, 'ORDER_NOT_FOUND', 'Không tìm thấy đơn hàng');
    return c.json({ success: true, message: '', order: view(shipment) });
  });

  app.post('/services/shipment/cancel/:label', async (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const shipment = sim.shipments.get(c.req.param('label'));
    if (!shipment || shipment.account !== who) return refuse(c, 'ORDER_NOT_FOUND', 'Không tìm thấy đơn hàng');
    if (!['1', '2', '12'].includes(shipment.status)) return refuse(c, 'CANNOT_CANCEL', 'Đơn hàng đã lấy, không thể hủy');
    await sim.advance(shipment.trackingCode, '-1');
    return c.json({ success: true, message: 'Hủy đơn hàng thành công' });
  });

  app.get('/services/label/:label', (c) => {
    const who = account(c);
    if (typeof who !== 'string') return who;
    const shipment = sim.shipments.get(c.req.param('label'));
    if (!shipment || shipment.account !== who) return refuse(c, 'ORDER_NOT_FOUND', 'Không tìm thấy đơn hàng');
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
