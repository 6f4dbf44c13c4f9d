/**
 * Shared setup for the delivery tests: the demo server with the carriers' simulators and the job
 * queue left to the test, An Khang's accounts at the simulated carriers, and confirmed orders.
 */
import {
  deliveryPaths,
  type BookDeliveryInput,
  type CarrierAccountRecord,
  type DeliveryRecord,
  type QuoteAnswer,
} from '@contract/delivery';
import type { OrderRecord } from '@contract/orders';
import { startOrderKit, type OrderKit } from './orders.kit';
import type { Simulators } from './test-server';

export type DeliveryKit = OrderKit & {
  sims: Simulators;
  get: <T>(
    path: string,
    query?: Record<string, string | number>,
    token?: string,
  ) => Promise<{ status: number; body: { data: T; message?: string; count?: number; error?: string } }>;
  send: <T>(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: Record<string, unknown>,
    token?: string,
  ) => Promise<{ status: number; body: { data: T; message?: string; error?: string; fields?: Record<string, string> } }>;
  connect: (carrier: 'ghn' | 'ghtk' | 'vtp', overrides?: Record<string, unknown>) => Promise<CarrierAccountRecord>;
  confirmedOrder: (customerCode?: string) => Promise<OrderRecord>;
  quote: (order: OrderRecord) => Promise<QuoteAnswer>;
  book: (order: OrderRecord, carrier: 'ghn' | 'ghtk' | 'vtp' | 'self', overrides?: Partial<BookDeliveryInput>) => Promise<DeliveryRecord>;
  delivery: (id: string) => Promise<DeliveryRecord>;
  /** Moves a shipment at its simulator (`steps` along the flow, or `to` a status), then lets the webhooks' jobs run. */
  walk: (carrier: 'ghn' | 'ghtk' | 'vtp', code: string, move?: { steps?: number; to?: string }) => Promise<void>;
  drain: () => Promise<void>;
};

export const SENDER = {
  name: 'Kho An Khang',
  phone: '0901234567',
  address: '123 Nguyễn Trãi',
  province: 'Thành phố Hồ Chí Minh',
  district: '',
  ward: 'Phường Bến Thành',
};

const ACCOUNT_KEYS = { ghn: '885', ghtk: 'S22925', vtp: 'ankhang@vtp.vn' } as const;

export async function startDeliveryKit(): Promise<DeliveryKit> {
  const kit = await startOrderKit({ simulators: true, backgroundJobs: false });
  const sims = kit.server.sims!;
  const withQuery = (path: string, query: Record<string, string | number>) =>
    `${path}?${new URLSearchParams(Object.entries({ company: kit.anKhang, ...query }).map(([key, value]) => [key, String(value)]))}`;
  const get: DeliveryKit['get'] = (path, query = {}, token = kit.an.access) => kit.server.call(withQuery(path, query), { token }) as never;
  const send: DeliveryKit['send'] = (method, path, body = {}, token = kit.an.access) =>
    kit.server.call(method === 'DELETE' ? withQuery(path, {}) : path, {
      method,
      token,
      body: method === 'DELETE' ? undefined : { company: kit.anKhang, ...body },
    }) as never;

  async function connect(carrier: 'ghn' | 'ghtk' | 'vtp', overrides: Record<string, unknown> = {}) {
    const answer = await send<CarrierAccountRecord>('POST', deliveryPaths.accounts, {
      carrier,
      environment: 'simulator',
      account_key: ACCOUNT_KEYS[carrier],
      token: `${carrier}-token-ankhang-0001`,
      sender: SENDER,
      ...overrides,
    });
    if (answer.status !== 201) throw new Error(`connect ${carrier}: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  async function confirmedOrder(customerCode = 'KH000002') {
    const order = await kit.createOrder({
      customerCode,
      lines: [{ variant: kit.variants[0]!, unit: kit.variants[0]!.units[0]!.unit, quantity: 2 }],
    });
    const moved = await kit.server.call<OrderRecord>(`/order/api/updatestatusordercompany/${order.id}/`, {
      method: 'PUT',
      token: kit.an.access,
      body: { company: kit.anKhang, status: 'confirmed', reason: null },
    });
    if (moved.status !== 200) throw new Error(`confirm: ${JSON.stringify(moved.body)}`);
    return moved.body.data;
  }

  const parcel = { weight_grams: 800, length_cm: 20, width_cm: 15, height_cm: 10 };

  async function quote(order: OrderRecord) {
    const answer = await send<QuoteAnswer>('POST', deliveryPaths.quotes, { order: order.id, parcel, cod_amount: order.total });
    if (answer.status !== 200) throw new Error(`quote: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  async function book(order: OrderRecord, carrier: 'ghn' | 'ghtk' | 'vtp' | 'self', overrides: Partial<BookDeliveryInput> = {}) {
    const quotes = await quote(order);
    const chosen = quotes.quotes.find((candidate) => candidate.carrier === carrier);
    if (!chosen) throw new Error(`no ${carrier} quote: ${JSON.stringify(quotes)}`);
    const answer = await send<DeliveryRecord>('POST', deliveryPaths.deliveries, {
      order: order.id,
      connection_id: chosen.connection_id,
      service_id: chosen.service_id,
      service_name: chosen.service_name,
      fee: chosen.fee,
      expected_at: chosen.expected_at,
      parcel,
      cod_amount: order.total,
      receiver_method: 'cho_xem',
      ...overrides,
    });
    if (answer.status !== 201) throw new Error(`book: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  async function delivery(id: string) {
    const answer = await get<DeliveryRecord>(deliveryPaths.delivery(id));
    if (answer.status !== 200) throw new Error(`delivery: ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  }

  const drain = () => kit.server.deps.jobs.drain({ untilIdle: true, timeoutMs: 20_000 });

  async function walk(carrier: 'ghn' | 'ghtk' | 'vtp', code: string, move: { steps?: number; to?: string } = {}) {
    const answer = await fetch(`${sims.url}/${carrier}/__sim/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, ...move }),
    });
    if (answer.status !== 200) throw new Error(`walk ${carrier} ${code}: ${answer.status}`);
    await drain();
  }

  return {
    ...kit,
    sims,
    get,
    send,
    connect,
    confirmedOrder,
    quote,
    book,
    delivery,
    walk,
    drain,
  };
}
