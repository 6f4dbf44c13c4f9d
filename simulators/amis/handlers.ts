/**
 * The calls of MISA AMIS's simulated connection API (./index.ts says what each answers), one named
 * handler each, and the callback that answers a saved voucher afterwards.
 */
import crypto from 'node:crypto';
import type { Context } from 'hono';
import { checkVoucher, DICTIONARY_TYPES, startingDictionary, type SimVoucher } from './amis-rules';
import type { AmisCompany } from './index';

/** What the calls share: the companies, the tokens handed out, the duplicated callbacks still owed, the callbacks sent. */
export type AmisWorld = {
  companies: Map<string, AmisCompany>;
  tokens: Map<string, { org: string; expires: number }>;
  duplicateCallbacks: number;
  callbacksSent: number;
};

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const json = async (c: Context) => (await c.req.json().catch(() => ({}))) as Json;

const answer = (c: Context, data: unknown) =>
  c.json({ Success: true, ErrorCode: null, ErrorMessage: null, Data: data === null ? null : JSON.stringify(data) });
const refuse = (c: Context, code: string, message: string, status: 200 | 401 = 200) =>
  c.json({ Success: false, ErrorCode: code, ErrorMessage: message, Data: null }, status);

function companyOf(world: AmisWorld, c: Context, body: Json): AmisCompany | null {
  const token = world.tokens.get(c.req.header('x-misa-accesstoken') ?? '');
  if (!token || token.expires < Date.now() || token.org !== str(body.org_company_code)) return null;
  return world.companies.get(token.org) ?? null;
}

async function postCallback(world: AmisWorld, company: AmisCompany, org: string, results: Json[]) {
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
  const copies = world.duplicateCallbacks > 0 ? 2 : 1;
  if (world.duplicateCallbacks > 0) world.duplicateCallbacks -= 1;
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
    world.callbacksSent += 1;
  }
}

/** A voucher's result on the callback: made once per org_refid (sent again: the same result), or refused. */
function saveVoucher(company: AmisCompany, voucher: Json) {
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
}

export const connect = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const org = str(body.org_company_code);
  if (!str(body.app_id)) return refuse(c, 'InvalidAppID', 'Ứng dụng chưa được MISA cấp app_id');
  if (!org) return refuse(c, 'InvalidOrgCompanyCode', 'Thiếu mã công ty');
  if (!str(body.access_code) || body.access_code === 'sai-ma-ket-noi')
    return refuse(c, 'InvalidAccessCode', 'Mã kết nối không hợp lệ hoặc đã bị thu hồi');
  const company = world.companies.get(org) ?? {
    appId: str(body.app_id),
    callbackUrl: null,
    dictionary: startingDictionary(),
    vouchers: new Map(),
    refused: new Map(),
  };
  company.appId = str(body.app_id);
  if (str(body.callback_url)) company.callbackUrl = str(body.callback_url);
  world.companies.set(org, company);
  const accessToken = crypto.randomBytes(24).toString('base64url');
  const expires = Date.now() + 12 * 3600_000;
  world.tokens.set(accessToken, { org, expires });
  return answer(c, { access_token: accessToken, expired_time: new Date(expires).toISOString(), org_company_code: org });
};

export const getDictionary = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const company = companyOf(world, c, body);
  if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
  const type = DICTIONARY_TYPES[Number(body.data_type) as keyof typeof DICTIONARY_TYPES];
  if (!type) return refuse(c, 'InvalidDataType', 'Loại danh mục không hợp lệ');
  const skip = Math.max(0, Number(body.skip) || 0);
  const take = Math.min(1000, Math.max(1, Number(body.take) || 100));
  const list = [...company.dictionary[type].entries()].map(([code, name]) => ({ code, name }));
  return answer(c, list.slice(skip, skip + take));
};

export const saveDictionary = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const company = companyOf(world, c, body);
  if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
  const type = DICTIONARY_TYPES[Number(body.data_type) as keyof typeof DICTIONARY_TYPES];
  const items = Array.isArray(body.dictionary) ? (body.dictionary as Json[]) : null;
  if (!type || !items) return refuse(c, 'InvalidData', 'Dữ liệu danh mục không hợp lệ');
  // Saved by code: the same code again updates its name.
  for (const item of items) if (str(item.code)) company.dictionary[type].set(str(item.code), str(item.name));
  return answer(c, { saved: items.length });
};

export const save = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const company = companyOf(world, c, body);
  if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
  const vouchers = Array.isArray(body.voucher) ? (body.voucher as Json[]) : null;
  if (!vouchers || vouchers.length === 0 || vouchers.some((voucher) => !str(voucher.org_refid)))
    return refuse(c, 'InvalidData', 'Thiếu chứng từ hoặc org_refid');
  const org = str(body.org_company_code);
  // Accepted now; made (or refused) and answered on the callback afterwards.
  setTimeout(() => {
    const results = vouchers.map((voucher) => saveVoucher(company, voucher));
    void postCallback(
      world,
      company,
      org,
      results.map((result) => ({ ...result, session_id: crypto.randomUUID() })),
    );
  }, 30);
  return answer(
    c,
    vouchers.map((voucher) => ({ org_refid: voucher.org_refid, status: 'received' })),
  );
};

export const simCallbacks = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  world.duplicateCallbacks += Math.max(0, Number(body.duplicate) || 0);
  return c.json({ duplicate: world.duplicateCallbacks });
};

export function expireTokens(world: AmisWorld) {
  for (const token of world.tokens.values()) token.expires = 0;
}

export const simExpireTokens = (world: AmisWorld) => (c: Context) => {
  expireTokens(world);
  return c.json({ ok: true });
};

/** What the simulator's state shows of each company. */
export const companiesState = (world: AmisWorld) =>
  Object.fromEntries(
    [...world.companies].map(([org, company]) => [
      org,
      {
        callbackUrl: company.callbackUrl,
        vouchers: [...company.vouchers.values()],
        refused: Object.fromEntries(company.refused),
        dictionary: Object.fromEntries(Object.entries(company.dictionary).map(([type, map]) => [type, map.size])),
      },
    ]),
  );
