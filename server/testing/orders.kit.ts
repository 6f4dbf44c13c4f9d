/** Shared setup for the order tests: the demo server, its people, customers and variants, and an op builder. */
import type { LoginAnswer } from '@contract/auth';
import type { CustomerRecord } from '@contract/customers';
import type { OrderLineInput, OrderRecord, OrderSubmitPayload } from '@contract/orders';
import type { VariantRecord } from '@contract/products';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import type { PushAnswer, OpResult } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { DEMO } from '@server/seed/demo';
import type { ServerEnv } from '@server/kernel/env';
import { startDemoServer, type TestServer, type TestServerOptions } from './test-server';

export type OrderKit = {
  server: TestServer;
  an: LoginAnswer;
  binh: LoginAnswer;
  anKhang: number;
  minhPhat: number;
  customers: Map<string, CustomerRecord>;
  variants: VariantRecord[];
  variant: (productName: string) => VariantRecord;
  submit: (input: SubmitInput, options?: SubmitOptions) => Promise<OpResult & { order?: OrderRecord }>;
  /** The op payload for an input, to send the very same one several times. */
  payloadOf: (input: SubmitInput) => OrderSubmitPayload;
  submitPayload: (payload: OrderSubmitPayload, options?: SubmitOptions) => Promise<OpResult & { order?: OrderRecord }>;
  createOrder: (input: SubmitInput) => Promise<OrderRecord>;
  /**
   * The demo's 25 chai of Prospan for KH000001 as the phone priced them under buy-10-get-1 and the
   * 5 % tier (2 chai free, 106.250 ₫ off): the push's answer.
   */
  submitPromotedProspan: (buyTenId: number, tierId: number) => Promise<OpResult & { order?: OrderRecord }>;
  /** An import receipt, completed today, of lots of a demo product in its largest unit: its answer. */
  stockLots: (productName: string, lots: readonly LotIn[]) => Promise<ReceiptDetail>;
  stop: () => Promise<void>;
};

export type LotIn = { quantity: number; unitPrice: number; lotNo: string; expiresOn: string };

export type SubmitOptions = { token?: string; company?: number; opId?: string };

export type SubmitInput = {
  orderId?: string;
  customerCode: string;
  lines: { variant: VariantRecord; unit: string; quantity: number; quotedUnitPrice?: number; discount?: OrderLineInput['discount'] }[];
  note?: string;
};

let localCounter = 0;

export async function startOrderKit(options: TestServerOptions = {}, env: Partial<ServerEnv> = {}): Promise<OrderKit> {
  const { server, an, anKhang, minhPhat } = await startDemoServer(env, options);
  const binh = await server.login(DEMO.binh.phone);
  const customerList = await server.call<CustomerRecord[]>(`/customer/api/customer/?company=${anKhang}&limit=100`, { token: an.access });
  const customers = new Map(customerList.body.data.map((customer) => [customer.code, customer]));
  const variantList = await server.call<VariantRecord[]>(`/product/api/variant/?company=${anKhang}&limit=200`, { token: an.access });
  const variants = variantList.body.data;
  const variant = (productName: string) => {
    const found = variants.find((candidate) => candidate.product_name === productName);
    if (!found) throw new Error(`no demo variant for ${productName}`);
    return found;
  };

  function payloadOf(input: SubmitInput): OrderSubmitPayload {
    const customer = customers.get(input.customerCode);
    if (!customer) throw new Error(`no demo customer ${input.customerCode}`);
    localCounter += 1;
    return {
      orderId: input.orderId ?? uuidv7(),
      localNo: `NVA-TEST-${localCounter}`,
      customerId: customer.id,
      visitId: null,
      deliveryDate: null,
      note: input.note ?? null,
      lines: input.lines.map((line) => ({
        lineId: uuidv7(),
        variantId: line.variant.id,
        unit: line.unit,
        quantity: line.quantity,
        quotedUnitPrice: line.quotedUnitPrice ?? line.variant.units.find((unit) => unit.unit === line.unit)!.price,
        discount: line.discount ?? null,
      })),
      quotedTotal: 0,
      createdAt: new Date().toISOString(),
    };
  }

  async function submitPayload(payload: OrderSubmitPayload, options: SubmitOptions = {}) {
    const answer = await server.call<PushAnswer>('/sync/push', {
      token: options.token ?? an.access,
      body: {
        company: options.company ?? anKhang,
        deviceId: uuidv7(),
        ops: [{ opId: options.opId ?? uuidv7(), type: 'order.submit', schemaVersion: 1, clientCreatedAt: payload.createdAt, payload }],
      },
    });
    if (answer.status !== 200) throw new Error(`push failed ${answer.status}: ${answer.body.message}`);
    const result = answer.body.data.results[0]!;
    return { ...result, order: result.entity?.data as OrderRecord | undefined };
  }

  const submit = (input: SubmitInput, options: SubmitOptions = {}) => submitPayload(payloadOf(input), options);

  async function createOrder(input: SubmitInput) {
    const result = await submit(input);
    if (!result.order) throw new Error(`order not applied: ${result.error?.message}`);
    return result.order;
  }

  function submitPromotedProspan(buyTenId: number, tierId: number) {
    const prospan = variant('Siro ho Prospan');
    const payload = payloadOf({ customerCode: 'KH000001', lines: [{ variant: prospan, unit: 'chai', quantity: 25 }] });
    const gifts = [{ promotionId: buyTenId, variantId: prospan.id, quantity: 2 }];
    return submitPayload({ ...payload, promotion: { total: 106_250, gifts, applied: [buyTenId, tierId] } });
  }

  async function stockLots(productName: string, lots: readonly LotIn[]) {
    const stocked = variant(productName);
    const box = [...stocked.units].sort((a, b) => b.factor - a.factor)[0]!;
    const answer = await server.call<ReceiptDetail>('/warehouse/api/importreceipt/', {
      method: 'POST',
      token: an.access,
      body: {
        company: anKhang,
        document_date: new Date().toISOString().slice(0, 10),
        status: 'completed',
        lines: lots.map((lot) => ({
          variant_id: stocked.id,
          unit: box.unit,
          quantity: lot.quantity,
          unit_price: lot.unitPrice,
          lot_no: lot.lotNo,
          expires_on: lot.expiresOn,
        })),
      },
    });
    if (answer.status !== 201) throw new Error(`stocking ${productName} failed ${answer.status}: ${answer.body.message}`);
    return answer.body.data;
  }

  return {
    server,
    an,
    binh,
    anKhang,
    minhPhat,
    customers,
    variants,
    variant,
    submit,
    payloadOf,
    submitPayload,
    createOrder,
    submitPromotedProspan,
    stockLots,
    stop: () => server.stop(),
  };
}
