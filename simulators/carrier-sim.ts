/**
 * What the three carrier simulators (./ghn, ./ghtk, ./vtp) share: shipments that walk a status
 * flow on demand (`POST __sim/advance`) or over time (SIMULATOR_WALK_MS, default 90 s in demo
 * mode, off under tests), webhooks to the URL an account registered (`POST __sim/webhook`, what a
 * person does on the carrier's site), and webhook faults on demand (`POST __sim/webhook-faults`):
 * every event delivered more than once, or the events of one walk delivered newest first.
 */
import { Hono } from 'hono';

export type SimEvent = { status: string; at: Date; kind?: string };

export type SimShipment = {
  trackingCode: string;
  clientCode: string;
  account: string;
  status: string;
  history: SimEvent[];
  codAmount: number;
  fee: number;
  codPaidAt: Date | null;
  request: unknown;
  createdAt: Date;
};

export type WebhookFaults = { duplicate: number; outOfOrder: boolean };

export type CarrierSimOptions = {
  /** The usual flow from creation to the end; `advance` without a target takes the next step. */
  flow: readonly string[];
  /** Every status the carrier knows, for `advance` to a named one (a failure, a return). */
  known: readonly string[];
  /** Statuses after which nothing moves any more (the walk stops). */
  final: readonly string[];
  /** A carrier whose flow has no status for paying the COD out sends one more event after delivery (GHN's update_cod). */
  codPaidEvent?: boolean;
  /** The carrier's webhook call for an event of a shipment. */
  webhook: (
    shipment: SimShipment,
    event: SimEvent,
    secret: string | null,
  ) => { body: unknown; form?: boolean; headers?: Record<string, string> };
};

const walkEveryMs = () => {
  const value = Number(process.env.SIMULATOR_WALK_MS ?? (process.env.NODE_ENV === 'test' ? 0 : 90_000));
  return Number.isFinite(value) && value > 0 ? value : 0;
};

export function carrierSim(options: CarrierSimOptions) {
  const shipments = new Map<string, SimShipment>();
  const hooks = new Map<string, { url: string; secret: string | null }>();
  const delivered: { url: string; body: unknown; status: number }[] = [];
  let faults: WebhookFaults = { duplicate: 0, outOfOrder: false };
  let timer: ReturnType<typeof setInterval> | null = null;

  async function send(shipment: SimShipment, events: SimEvent[]) {
    const hook = hooks.get(shipment.account);
    if (!hook || events.length === 0) return;
    const ordered = faults.outOfOrder ? [...events].reverse() : events;
    const copies = 1 + faults.duplicate;
    for (const event of ordered) {
      const call = options.webhook(shipment, event, hook.secret);
      for (let copy = 0; copy < copies; copy += 1) {
        const response = await fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': call.form ? 'application/x-www-form-urlencoded' : 'application/json', ...call.headers },
          body: call.form ? new URLSearchParams(call.body as Record<string, string>).toString() : JSON.stringify(call.body),
        }).catch(() => null);
        delivered.push({ url: hook.url, body: call.body, status: response?.status ?? 0 });
        await response?.arrayBuffer().catch(() => undefined);
      }
    }
  }

  /** Moves a shipment to `to`, or one step along the flow; the events it made, sent as webhooks. */
  async function advance(trackingCode: string, to?: string, steps = 1): Promise<SimShipment | null> {
    const shipment = shipments.get(trackingCode);
    if (!shipment) return null;
    const events: SimEvent[] = [];
    const push = (status: string, kind?: string) => {
      shipment.status = status;
      // A second after the shipment's last event at least: carriers stamp to the second (VTP), and
      // the app orders events by these times.
      const last = shipment.history[shipment.history.length - 1]?.at.getTime() ?? 0;
      const event = { status, at: new Date(Math.max(Date.now(), last + 1000)), kind };
      shipment.history.push(event);
      events.push(event);
    };
    if (to) {
      if (options.known.includes(to)) push(to);
    } else {
      for (let step = 0; step < steps; step += 1) {
        if (options.final.includes(shipment.status)) {
          // After delivery the carrier pays the COD out: one last event, then nothing.
          const last = shipment.status === options.flow[options.flow.length - 1];
          if (options.codPaidEvent && shipment.codAmount > 0 && !shipment.codPaidAt && last) {
            push(shipment.status, 'cod_paid');
            shipment.codPaidAt = shipment.history[shipment.history.length - 1]!.at;
          }
          break;
        }
        const next = options.flow[options.flow.indexOf(shipment.status) + 1];
        if (!next) break;
        push(next);
      }
    }
    await send(shipment, events);
    return shipment;
  }

  function startWalking() {
    const every = walkEveryMs();
    if (!every || timer) return;
    timer = setInterval(() => {
      for (const shipment of shipments.values()) void advance(shipment.trackingCode);
    }, every);
    timer.unref?.();
  }

  /** The `__sim/` calls every carrier simulator adds to its own. */
  function controls() {
    const app = new Hono({ strict: false });
    app.post('/__sim/webhook', async (c) => {
      const body = (await c.req.json().catch(() => null)) as { account?: string; url?: string; secret?: string } | null;
      if (!body?.account || !body.url) return c.json({ message: 'account and url are required' }, 400);
      hooks.set(body.account, { url: body.url, secret: body.secret ?? null });
      return c.json({ ok: true });
    });
    app.post('/__sim/webhook-faults', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as Partial<WebhookFaults>;
      faults = { duplicate: Math.max(0, Math.min(5, Number(body.duplicate ?? 0))), outOfOrder: body.outOfOrder === true };
      return c.json(faults);
    });
    app.post('/__sim/advance', async (c) => {
      const body = (await c.req.json().catch(() => ({}))) as { code?: string; to?: string; steps?: number };
      const shipment = await advance(String(body.code ?? ''), body.to, Math.max(1, Math.min(20, Number(body.steps ?? 1))));
      if (!shipment) return c.json({ message: 'no such shipment' }, 404);
      return c.json({ code: shipment.trackingCode, status: shipment.status });
    });
    return app;
  }

  return {
    shipments,
    hooks,
    delivered,
    advance,
    /** Sends events of a shipment as webhooks now (a carrier that announces a new shipment). */
    notify: send,
    controls,
    startWalking,
    add(shipment: SimShipment) {
      shipments.set(shipment.trackingCode, shipment);
      startWalking();
    },
    byClientCode(account: string, clientCode: string) {
      return [...shipments.values()].find((shipment) => shipment.account === account && shipment.clientCode === clientCode) ?? null;
    },
    state() {
      return {
        shipments: [...shipments.values()].map(({ request: _request, ...shown }) => shown),
        webhooks: delivered.length,
        faults,
      };
    },
    reset() {
      shipments.clear();
      hooks.clear();
      delivered.length = 0;
      faults = { duplicate: 0, outOfOrder: false };
    },
  };
}

export type CarrierSim = ReturnType<typeof carrierSim>;

/** A simulated fee: a base per zone, more per half kilo above the first, and 0.5 % insurance above 3 million. */
export function simulatedFee(input: { sameProvince: boolean; weightGrams: number; insuranceValue: number; base?: number }): number {
  const base = input.base ?? (input.sameProvince ? 22_000 : 35_000);
  const extra = Math.ceil(Math.max(0, input.weightGrams - 500) / 500) * 5_000;
  const insurance = input.insuranceValue > 3_000_000 ? Math.round(input.insuranceValue * 0.005) : 0;
  return base + extra + insurance;
}

export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/^(thanh pho|tp\.?|tinh)\s+/, '')
    .trim();

/** A minimal one-page PDF with some lines of ASCII text (what GHTK's label call returns, as bytes). */
export function tinyPdf(lines: readonly string[]): Uint8Array {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`).replace(/[^\x20-\x7e]/g, '?');
  const content = [
    'BT',
    '/F1 14 Tf',
    '30 380 Td',
    ...lines.flatMap((line, index) => [index ? '0 -22 Td' : '', `(${escape(line)}) Tj`]),
    'ET',
  ]
    .filter(Boolean)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** The label page a carrier's print link opens (GHN printA5 / print80x80, Viettel Post's print page). */
export function labelPage(carrier: string, size: string, shipments: readonly SimShipment[]): string {
  const rows = shipments
    .map((shipment) => {
      const request = shipment.request as Record<string, unknown>;
      const name = String(request.to_name ?? request.RECEIVER_FULLNAME ?? '');
      const address = String(request.to_address ?? request.RECEIVER_ADDRESS ?? '');
      return `<section class="label"><h1>${carrier}</h1><p class="code">${shipment.trackingCode}</p><p>Mã đơn shop: ${shipment.clientCode}</p><p>Người nhận: ${escapeHtml(name)}</p><p>${escapeHtml(address)}</p><p>Thu hộ: ${shipment.codAmount.toLocaleString('vi-VN')} ₫</p></section>`;
    })
    .join('');
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>${carrier} – in nhãn ${size}</title><style>.label{border:1px solid #000;padding:8px;margin:8px;width:${size === '80mm' ? '76mm' : '140mm'}}.code{font-size:24px;font-weight:bold}</style></head><body>${rows}</body></html>`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
