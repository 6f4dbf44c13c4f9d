/**
 * A local eSMS.vn (server/lib/esms-client.ts) for tests and the demo: the documented send call,
 * checking what eSMS checks (credentials, a registered brandname, the phone's format, a RequestId
 * seen before) and answering in eSMS's documented shapes (simulators/esms/fixtures/send-sms-cskh.json):
 * a repeated RequestId is 124 without an SMSID; a sandbox message (Sandbox "1") is checked and
 * listed but, as eSMS says, not stored, so its RequestId does not block a repeat. `__sim/state`
 * lists the messages, so a person trying the demo with SMS_PROVIDER=esms reads their code there.
 */
import crypto from 'node:crypto';
import { Hono } from 'hono';
import type { SimulatorFactory } from '../host';

/** The demo account at the simulator (the demo's environment points here). */
export const ESMS_SIM_ACCOUNT = { apiKey: 'SIM-ESMS-API-KEY', secretKey: 'SIM-ESMS-SECRET', brandname: 'SalesField' } as const;

export type EsmsSimMessage = {
  smsId: string;
  phone: string;
  content: string;
  brandname: string;
  requestId: string | null;
  sandbox: boolean;
  at: string;
};

const PHONE = /^(?:0|84|\+84)[35789]\d{8}$/;

export const esmsSimulator: SimulatorFactory = () => {
  const messages: EsmsSimMessage[] = [];
  const app = new Hono({ strict: false });

  app.post('/MainService.svc/json/SendMultipleMessage_V4_post_json', async (c) => {
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return c.json({ error: 'Invalid request' });
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : String(body[name] ?? ''));
    if (text('ApiKey') !== ESMS_SIM_ACCOUNT.apiKey || text('SecretKey') !== ESMS_SIM_ACCOUNT.secretKey) {
      return c.json({ CodeResult: '101', CountRegenerate: 0, ErrorMessage: 'Authorize Failed' });
    }
    if (text('SmsType') === '') return c.json({ CodeResult: '300', CountRegenerate: 0, ErrorMessage: 'Missing message type' });
    if (text('Brandname') !== ESMS_SIM_ACCOUNT.brandname) {
      return c.json({ CodeResult: '104', CountRegenerate: 0, ErrorMessage: 'Brand name code is not exist' });
    }
    if (!['1', '2'].includes(text('SmsType')))
      return c.json({ CodeResult: '118', CountRegenerate: 0, ErrorMessage: 'Unsupported message type.' });
    if (!PHONE.test(text('Phone'))) {
      return c.json({ CodeResult: '108', CountRegenerate: 0, ErrorMessage: 'Phone number is not in correct format.' });
    }
    const requestId = text('RequestId') || null;
    const seen = requestId ? messages.find((message) => message.requestId === requestId && !message.sandbox) : undefined;
    if (seen) return c.json({ CodeResult: '124', CountRegenerate: 0, ErrorMessage: 'Request exist 1', SendStatus: '5' });
    const message: EsmsSimMessage = {
      smsId: crypto.randomBytes(16).toString('hex'),
      phone: text('Phone'),
      content: text('Content'),
      brandname: text('Brandname'),
      requestId,
      sandbox: text('Sandbox') === '1',
      at: new Date().toISOString(),
    };
    messages.push(message);
    return c.json({ CodeResult: '100', CountRegenerate: 0, SMSID: message.smsId });
  });

  return {
    app,
    state: () => ({ messages }),
    reset: () => {
      messages.length = 0;
    },
  };
};
