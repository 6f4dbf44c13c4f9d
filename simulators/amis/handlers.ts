/**
 * The calls of MISA AMIS's simulated connection API (./index.ts says what each answers), one named
 * handler each, and the callback that answers a saved voucher afterwards.
 */
import crypto from 'node:crypto';
import type { Context } from 'hono';
import { checkVoucher, DICTIONARY_TYPES, SAVE_TYPES, startingDictionary, type SimVoucher } from './amis-rules';
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

/**
 * The APICallBack as MISA's own receiver documents it (CukCuk ACTCallbackData, fixtures/webhook-callback.json):
 * PascalCase, Data as JSON text, Signature = HMAC-SHA256(Data, the key MISA gives the app) — the
 * simulator's key for an app is its app_id.
 */
async function postCallback(world: AmisWorld, company: AmisCompany, org: string, results: Json[]) {
  if (!company.callbackUrl) return;
  const data = JSON.stringify(results);
  const success = results.every((result) => result.success === true);
  const body = JSON.stringify({
    Success: success,
    ErrorCode: success ? null : 'VoucherRefused',
    ErrorMessage: success ? null : 'Có chứng từ không lưu được',
    Signature: crypto.createHmac('sha256', company.appId).update(data, 'utf8').digest('hex'),
    DataType: 1,
    OrgCompanyCode: org,
    AppID: company.appId,
    Data: data,
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
  world.companies.set(org, company);
  const accessToken = crypto.randomBytes(24).toString('base64url');
  const expires = Date.now() + 12 * 3600_000;
  world.tokens.set(accessToken, { org, expires });
  // Data as documented: a JSON string with access_token and app_name, no expiry (about 12 hours).
  return answer(c, { access_token: accessToken, app_name: 'Salesfield DMS' });
};

export const getDictionary = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const company = companyOf(world, c, body);
  if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
  const dataType = Number(body.data_type);
  if (dataType === 4) return answer(c, []);
  const type = DICTIONARY_TYPES[dataType as keyof typeof DICTIONARY_TYPES];
  if (!type) return refuse(c, 'InvalidDataType', 'Loại danh mục không hợp lệ');
  const skip = Math.max(0, Number(body.skip) || 0);
  // Two third-party clients never ask more than 100 a page; more is not given.
  const take = Math.min(100, Math.max(1, Number(body.take) || 100));
  const list = [...company.dictionary[type].entries()].map(([code, name]) => ({ [`${type}_code`]: code, [`${type}_name`]: name }));
  return answer(c, list.slice(skip, skip + take));
};

export const saveDictionary = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const company = companyOf(world, c, body);
  if (!company) return refuse(c, 'InvalidToken', 'Phiên kết nối đã hết hạn', 401);
  const items = Array.isArray(body.dictionary) ? (body.dictionary as Json[]) : null;
  const typed = items?.map((item) => ({ item, type: SAVE_TYPES[Number(item.dictionary_type) as keyof typeof SAVE_TYPES] }));
  if (!typed || typed.length === 0 || typed.some(({ item, type }) => !type || !str(item[`${type}_code`])))
    return refuse(c, 'InvalidData', 'Dữ liệu danh mục không hợp lệ');
  // Saved by code: the same code again updates its name. (MISA reports the result on the callback,
  // DataType 7; the simulator saves at once and sends none, having nothing a caller waits for.)
  for (const { item, type } of typed) company.dictionary[type!].set(str(item[`${type}_code`]), str(item[`${type}_name`]));
  return answer(c, null);
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
  return answer(c, null);
};

/** MISA registers the app's APICallBack (actdocs); the app's simulator connection does it here. */
export const simCallbackUrl = (world: AmisWorld) => async (c: Context) => {
  const body = await json(c);
  const company = world.companies.get(str(body.org_company_code));
  if (!company || company.appId !== str(body.app_id) || !/^https?:\/\//.test(str(body.url))) return c.json({ ok: false }, 400);
  company.callbackUrl = str(body.url);
  return c.json({ ok: true });
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
