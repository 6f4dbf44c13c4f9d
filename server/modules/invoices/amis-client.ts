/**
 * A typed client of MISA AMIS Kế toán's connection API (actdocs.misa.vn ACTOpenAPIHelp, misa.vn/155017;
 * docs/provider-sources.md "MISA AMIS Kế toán"; simulators/amis is its stand-in): connect with the company's connection code for a token
 * (about 12 hours), kept sealed with the connection and fetched again before it ends or once when
 * refused; the dictionary; saving dictionary entries by code; saving vouchers, which AMIS answers
 * later on our callback. Calls go through providerFetch; AMIS's refusals keep their code.
 */
import { providerBaseUrl, updateConnectionSecrets, type Connection } from '@server/kernel/connections';
import type { AppDeps } from '@server/kernel/app-types';
import { ProviderError, providerFetch } from '@server/lib/provider-http';
import type { DictionaryItem, MappingKind } from '@contract/invoices-accounting';

export const AMIS = 'amis';
/** AMIS has one host; a test company is a trial account on it. */
export const AMIS_HOSTS = { production: 'https://actapp.misa.vn', sandbox: 'https://actapp.misa.vn' };
/** A token this close to its end is fetched again first. */
const TOKEN_MARGIN_MS = 10 * 60 * 1000;

export type AmisSettings = { appId: string; orgCompanyCode: string };
export type AmisSecrets = { accessCode?: string; callbackToken?: string; token?: string; tokenExpiresAt?: string };
export type AmisConnection = Connection<AmisSettings, AmisSecrets>;

/** get_dictionary's data_type per kind of mapping. */
export const DICTIONARY_TYPE: Record<MappingKind, number> = { customer: 1, variant: 2, warehouse: 3, account: 4 };

type Envelope = { Success?: boolean; ErrorCode?: string | null; ErrorMessage?: string | null; Data?: unknown };

function dataOf<T>(body: Envelope): T {
  if (typeof body.Data !== 'string') return body.Data as T;
  try {
    return JSON.parse(body.Data) as T;
  } catch {
    throw new ProviderError('server', 'AMIS trả về dữ liệu không đọc được');
  }
}

export function amisClient(
  deps: Pick<AppDeps, 'db' | 'vault' | 'simulatorUrl' | 'env' | 'publicUrl'>,
  connection: AmisConnection,
  callbackUrl: string,
) {
  const base = providerBaseUrl(deps, connection, AMIS_HOSTS);
  const timeoutMs = deps.env.providerTimeoutMs;
  const fresh = (secrets: AmisSecrets) => secrets.token && Date.parse(secrets.tokenExpiresAt ?? '') - Date.now() > TOKEN_MARGIN_MS;
  let token = fresh(connection.secrets) ? connection.secrets.token! : null;

  function refused(body: Envelope, status: number): ProviderError {
    const code = body.ErrorCode ?? `HTTP ${status}`;
    const auth = ['InvalidAccessCode', 'InvalidAppID', 'InvalidToken'].includes(code) || status === 401;
    const message = body.ErrorMessage ? `AMIS: ${body.ErrorMessage}` : `AMIS từ chối (mã lỗi ${code})`;
    return new ProviderError(auth ? 'auth' : 'rejected', message, { status, providerCode: code, body });
  }

  /** A new token from the connection code (and the callback AMIS answers on). */
  async function connect(): Promise<{ token: string; expiresAt: string }> {
    const answer = await providerFetch(`${base}/api/oauth/actopen/connect`, {
      json: {
        app_id: connection.settings.appId,
        access_code: connection.secrets.accessCode ?? '',
        org_company_code: connection.settings.orgCompanyCode,
        callback_url: callbackUrl,
      },
      timeoutMs,
    });
    const body = (answer.body ?? {}) as Envelope;
    if (!body.Success) throw refused(body, answer.status);
    const data = dataOf<{ access_token?: string; expired_time?: string }>(body);
    if (!data?.access_token) throw new ProviderError('server', 'AMIS không trả mã truy cập');
    const expiresAt = data.expired_time ?? new Date(Date.now() + 12 * 3600_000).toISOString();
    token = data.access_token;
    if (connection.id > 0) await updateConnectionSecrets(deps, connection as Connection, { token, tokenExpiresAt: expiresAt });
    return { token, expiresAt };
  }

  async function call<T>(path: string, json: Record<string, unknown>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = token ?? (await connect()).token;
      const answer = await providerFetch(`${base}${path}`, {
        json: { app_id: connection.settings.appId, org_company_code: connection.settings.orgCompanyCode, ...json },
        headers: { 'X-MISA-AccessToken': bearer },
        timeoutMs,
      });
      const body = (answer.body ?? {}) as Envelope;
      if ((answer.status === 401 || body.ErrorCode === 'InvalidToken') && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status >= 400 || !body.Success) throw refused(body, answer.status);
      return dataOf<T>(body);
    }
  }

  return {
    connect,
    async dictionary(kind: MappingKind): Promise<DictionaryItem[]> {
      const items: DictionaryItem[] = [];
      for (let skip = 0; ; skip += 1000) {
        const page = await call<DictionaryItem[]>('/apir/sync/actopen/get_dictionary', {
          data_type: DICTIONARY_TYPE[kind],
          skip,
          take: 1000,
        });
        items.push(...(page ?? []));
        if (!page || page.length < 1000) return items;
      }
    },
    saveDictionary: (kind: MappingKind, entries: DictionaryItem[]) =>
      call<unknown>('/apir/sync/actopen/save_dictionary', { data_type: DICTIONARY_TYPE[kind], dictionary: entries }),
    /** Accepted now; AMIS answers each voucher on the callback. */
    saveVouchers: (vouchers: Record<string, unknown>[]) => call<unknown>('/apir/sync/actopen/save', { voucher: vouchers }),
  };
}

export type AmisClient = ReturnType<typeof amisClient>;
