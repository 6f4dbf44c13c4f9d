/**
 * MISA AMIS Kế toán's connection API (docs/invoices.md; shapes as public clients call it, see
 * docs/provider-sources.md "MISA AMIS Kế toán"), under `/amis`:
 * - POST api/oauth/actopen/connect {app_id, access_code, org_company_code} → Data: '{"access_token",
 *   "expired_time"}' (12 hours). `callback_url` stands for the APICallBack MISA registers for an app.
 * - POST apir/sync/actopen/get_dictionary, save_dictionary: the company's dictionary (customers,
 *   goods, warehouses, accounts; the chart of accounts from the start);
 * - POST apir/sync/actopen/save {voucher[]}: accepted at once; each voucher is checked against the
 *   dictionary afterwards and the result sent to the callback, signed HMAC-SHA256(data, app_id).
 *   One voucher per org_refid: a voucher sent again is not made twice, its result is sent again.
 * Faults beyond the host's: `POST __sim/callbacks {duplicate: n}` sends the next n callbacks twice;
 * `POST __sim/expire-tokens` ends every token. The access code "sai-ma-ket-noi" is refused.
 */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { Simulator, SimulatorContext } from '../host';
import { checkVoucher, DICTIONARY_TYPES, startingDictionary, type DictionaryType, type SimVoucher } from './amis-rules';

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export type AmisCompany = {
  appId: string;
  callbackUrl: string | null;
  dictionary: Record<DictionaryType, Map<string, string>>;
  /** Vouchers made, by org_refid. */
  vouchers: Map<string, SimVoucher>;
  /** Refusals, by org_refid (the last reason). */
  refused: Map<string, string>;
};

export type AmisSimulator = Simulator & {
  companies: () => Map<string, AmisCompany>;
  /** Tests: the next `n` callbacks are sent twice. */
  duplicateNextCallbacks: (n: number) => void;
  expireTokens: () => void;
};

export function amisSimulator(context: SimulatorContext): AmisSimulator {
  const app = new Hono({ strict: false });
  let companies = new Map<string, AmisCompany>();
  let tokens = new Map<string, { org: string; expires: number }>();
  let duplicateCallbacks = 0;
  let callbacksSent = 0;

  const answer = (c: Context, data: unknown) =>
    c.json({ Success: true, ErrorCode: null, ErrorMessage: null, Data: data === null ? null : JSON.stringify(data) });
  const refuse = (c: Context, code: string, message: string, status: 200 | 401 = 200) =>
    c.json({ Success: false, ErrorCode: code, ErrorMessage: message, Data: null }, status);

  function companyOf(c: Context, body: Json): AmisCompany | null {
    const token = tokens.get(c.req.header('x-misa-accesstoken') ?? '');
    if (!token || token.expires < Date.now() || token.org !== str(body.org_company_code)) return null;
    return companies.get(token.org) ?? null;
  }

  async function postCallback(company: AmisCompany, org: string, results: Json[]) {
    if (!company.callbackUrl) return;
    const data = JSON.stringify(results);
    const body = JSON.stringify({
      app_id: company.appId,
      org_company_code: org,
      data_type: 1,
      success: results.every((result) => result.success === true),
      data,
      signature: crypto.createHmac('sha256', company.appId).update(data, 'utf8').digest('hex'),
    });
    const copies = duplicateCallbacks > 0 ? 2 : 1;
    if (duplicateCallbacks > 0) duplicateCallbacks -= 1;
    for (let copy = 0; copy < copies; copy += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) {
        try {
          const response = await fetch(company.callbackUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            signal: AbortSignal.timeout(5_000),
          });
          if (response.ok) break;
        } catch {
          // MISA tries again a little later.
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
      callbacksSent += 1;
    }
  }

  app.post('/api/oauth/actopen/connect', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Json;
    const org = str(body.org_company_code);
    if (!str(body.app_id)) return refuse(c, 'InvalidAppID', 'Ứng dụng chưa được MISA cấp app_id');
    if (!org) return refuse(c, 'InvalidOrgCompanyCode', 'Thiếu mã công ty');
    if (!str(body.access_code) || body.access_code === 'sai-ma-ket-noi')
      return refuse(c, 'InvalidAccessCode', 'Mã kết nối không hợp lệ hoặc đã bị thu hồi');
    const company = companies.get(org) ?? {
      appId: str(body.app_id),
      callbackUrl: null,
      dictionary: startingDictionary(),
      vouchers: new Map(),
      refused: new Map(),
    };
    company.appId = str(body.app_id);
    if (str(body.callback_url)) company.callbackUrl = str(body.callback_url);
    companies.set(org, company);
    const accessToken = crypto.randomBytes(24).toString('base64url');
    const expires = Date.now() + 12 * 3600_000;
    tokens.set(accessToken, { org, expires });
    return answer(c, { access_token: accessToken, expired_time: new Date(expires).toISOString(), org_company_code: org });
  });

  app.post('/apir/sync/actopen/get_dictionary', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Json;
    const company = companyOf(c, body);
    if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
    const type = DICTIONARY_TYPES[Number(body.data_type) as keyof typeof DICTIONARY_TYPES];
    if (!type) return refuse(c, 'InvalidDataType', 'Loại danh mục không hợp lệ');
    const skip = Math.max(0, Number(body.skip) || 0);
    const take = Math.min(1000, Math.max(1, Number(body.take) || 100));
    const list = [...company.dictionary[type].entries()].map(([code, name]) => ({ code, name }));
    return answer(c, list.slice(skip, skip + take));
  });

  app.post('/apir/sync/actopen/save_dictionary', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Json;
    const company = companyOf(c, body);
    if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
    const type = DICTIONARY_TYPES[Number(body.data_type) as keyof typeof DICTIONARY_TYPES];
    const items = Array.isArray(body.dictionary) ? (body.dictionary as Json[]) : null;
    if (!type || !items) return refuse(c, 'InvalidData', 'Dữ liệu danh mục không hợp lệ');
    // Saved by code: the same code again updates its name.
    for (const item of items) if (str(item.code)) company.dictionary[type].set(str(item.code), str(item.name));
    return answer(c, { saved: items.length });
  });

  app.post('/apir/sync/actopen/save', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Json;
    const company = companyOf(c, body);
    if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
    const vouchers = Array.isArray(body.voucher) ? (body.voucher as Json[]) : null;
    if (!vouchers || vouchers.length === 0 || vouchers.some((voucher) => !str(voucher.org_refid)))
      return refuse(c, 'InvalidData', 'Thiếu chứng từ hoặc org_refid');
    const org = str(body.org_company_code);
    // Accepted now; made (or refused) and answered on the callback afterwards.
    setTimeout(() => {
      const results = vouchers.map((voucher) => {
        const refId = str(voucher.org_refid);
        const made = company.vouchers.get(refId);
        if (made)
          return {
            org_refid: refId,
            success: true,
            voucher_type: made.voucher_type,
            voucher_no: made.voucher_no,
            error_code: null,
            error_message: null,
          };
        const problem = checkVoucher(voucher, company.dictionary);
        if (problem) {
          company.refused.set(refId, problem.message);
          return {
            org_refid: refId,
            success: false,
            voucher_type: voucher.voucher_type,
            error_code: problem.code,
            error_message: problem.message,
          };
        }
        const saved: SimVoucher = { ...(voucher as SimVoucher), voucher_no: `CT${String(company.vouchers.size + 1).padStart(6, '0')}` };
        company.vouchers.set(refId, saved);
        company.refused.delete(refId);
        return {
          org_refid: refId,
          success: true,
          voucher_type: saved.voucher_type,
          voucher_no: saved.voucher_no,
          error_code: null,
          error_message: null,
        };
      });
      void postCallback(
        company,
        org,
        results.map((result) => ({ ...result, session_id: crypto.randomUUID() })),
      );
    }, 30);
    return answer(
      c,
      vouchers.map((voucher) => ({ org_refid: voucher.org_refid, status: 'received' })),
    );
  });

  app.post('/__sim/callbacks', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Json;
    duplicateCallbacks += Math.max(0, Number(body.duplicate) || 0);
    return c.json({ duplicate: duplicateCallbacks });
  });
  const expireTokens = () => {
    for (const token of tokens.values()) token.expires = 0;
  };
  app.post('/__sim/expire-tokens', (c) => {
    expireTokens();
    return c.json({ ok: true });
  });

  return {
    app,
    companies: () => companies,
    duplicateNextCallbacks(n: number) {
      duplicateCallbacks += n;
    },
    expireTokens,
    state: () => ({
      baseUrl: context.baseUrl,
      callbacksSent,
      companies: Object.fromEntries(
        [...companies].map(([org, company]) => [
          org,
          {
            callbackUrl: company.callbackUrl,
            vouchers: [...company.vouchers.values()],
            refused: Object.fromEntries(company.refused),
            dictionary: Object.fromEntries(Object.entries(company.dictionary).map(([type, map]) => [type, map.size])),
          },
        ]),
      ),
    }),
    reset: () => {
      companies = new Map();
      tokens = new Map();
      duplicateCallbacks = 0;
      callbacksSent = 0;
    },
  };
}
