/**
 * A typed client of MISA AMIS Kế toán's connection API (actdocs.misa.vn ACTOpenAPIHelp, misa.vn/155017;
 * the shapes in simulators/amis/fixtures, checked by amis-client.contract.test.ts;
 * docs/provider-sources.md "MISA AMIS Kế toán"): connect with the company's connection code for a
 * token (about 12 hours), kept sealed with the connection and fetched again before it ends or once
 * when refused; the dictionary (100 a page, typed fields); saving dictionary entries by code
 * (`dictionary[]` items each with their `dictionary_type`); saving vouchers, which AMIS answers later
 * on the APICallBack MISA registers for the app. AMIS publishes no error codes: its refusals keep
 * their code and message.
 */
import { providerBaseUrl, updateConnectionSecrets, type Connection } from '@server/kernel/connections';
import type { AppDeps } from '@server/kernel/app-types';
import { ProviderError, providerFetch } from '@server/lib/provider-http';
import {
  ACCOUNT_ROLE_LABELS,
  DEFAULT_ACCOUNTS,
  type AccountRole,
  type DictionaryItem,
  type MappingKind,
} from '@contract/invoices-accounting';

export const AMIS = 'amis';
/** AMIS has one host; a test company is a trial account on it. */
export const AMIS_HOSTS = { production: 'https://actapp.misa.vn', sandbox: 'https://actapp.misa.vn' };
/** A token this close to its end is fetched again first. */
const TOKEN_MARGIN_MS = 10 * 60 * 1000;

export type AmisSettings = { appId: string; orgCompanyCode: string };
/** `callbackKey`: the key MISA gives the app to sign its APICallBack (amis-callback.routes.ts); none kept yet means the app_id. */
export type AmisSecrets = { accessCode?: string; callbackToken?: string; callbackKey?: string; token?: string; tokenExpiresAt?: string };
export type AmisConnection = Connection<AmisSettings, AmisSecrets>;

type ListedKind = Exclude<MappingKind, 'account'>;
/** get_dictionary's data_type per kind (third-party clients: 1 đối tượng, 2 vật tư hàng hóa, 3 kho; 4 is đơn vị tính). */
export const DICTIONARY_TYPE: Record<ListedKind, number> = { customer: 1, variant: 2, warehouse: 3 };
/** save_dictionary's own numbering, per item (1 đối tượng, 3 vật tư, 5 kho), and each kind's typed fields. */
const SAVE_TYPE: Record<ListedKind, number> = { customer: 1, variant: 3, warehouse: 5 };
const FIELDS: Record<ListedKind, string> = { customer: 'account_object', variant: 'inventory_item', warehouse: 'stock' };
/** get_dictionary answers at most this many a page (two third-party clients cap take at 100). */
const PAGE = 100;

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

  /**
   * AMIS documents no codes: at connect every refusal is the connection code or app to fix
   * (reconnect); elsewhere a 401 (after one fresh token) is.
   */
  function refused(body: Envelope, status: number, connecting = false): ProviderError {
    const code = body.ErrorCode ?? `HTTP ${status}`;
    const auth = connecting || status === 401;
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
      },
      timeoutMs,
    });
    const body = (answer.body ?? {}) as Envelope;
    if (!body.Success) throw refused(body, answer.status, true);
    await registerCallback();
    const data = dataOf<{ access_token?: string; expired_time?: string }>(body);
    if (!data?.access_token) throw new ProviderError('server', 'AMIS không trả mã truy cập');
    const expiresAt = data.expired_time ?? new Date(Date.now() + 12 * 3600_000).toISOString();
    token = data.access_token;
    if (connection.id > 0) await updateConnectionSecrets(deps, connection as Connection, { token, tokenExpiresAt: expiresAt });
    return { token, expiresAt };
  }

  /**
   * The APICallBack is registered with MISA for the app, not sent at connect (actdocs). In the
   * simulator that registration is its `__sim/callback-url`, as the carriers' `__sim/webhook`
   * (server/modules/delivery/accounts.ts); for a real app the office gives MISA the address shown.
   */
  async function registerCallback() {
    if (connection.environment !== 'simulator') return;
    const registration = { app_id: connection.settings.appId, org_company_code: connection.settings.orgCompanyCode, url: callbackUrl };
    await providerFetch(`${base}/__sim/callback-url`, { json: registration, timeoutMs }).catch(() => undefined);
  }

  /**
   * A call with the token. AMIS names no token code, so a refusal of a kept token (401, or
   * Success false) is tried once more with a fresh one; a fresh token's refusal is AMIS's answer.
   */
  async function call<T>(path: string, json: Record<string, unknown>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const kept = token !== null;
      const bearer = token ?? (await connect()).token;
      const answer = await providerFetch(`${base}${path}`, {
        json: { app_id: connection.settings.appId, org_company_code: connection.settings.orgCompanyCode, ...json },
        headers: { 'X-MISA-AccessToken': bearer },
        timeoutMs,
      });
      const body = (answer.body ?? {}) as Envelope;
      const refusedNow = answer.status === 401 || (answer.status < 400 && !body.Success);
      if (refusedNow && kept && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status >= 400 || !body.Success) throw refused(body, answer.status);
      return dataOf<T>(body);
    }
  }

  return {
    connect,
    /**
     * The kind's entries, 100 a page. No source gives get_dictionary a type for the chart of
     * accounts (4 is đơn vị tính), so accounts are the chart of Thông tư 99/2025 our vouchers use.
     */
    async dictionary(kind: MappingKind): Promise<DictionaryItem[]> {
      if (kind === 'account')
        return (Object.keys(DEFAULT_ACCOUNTS) as AccountRole[]).map((role) => ({
          code: DEFAULT_ACCOUNTS[role],
          name: ACCOUNT_ROLE_LABELS[role],
        }));
      const field = FIELDS[kind];
      const items: DictionaryItem[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await call<Array<Record<string, unknown>> | null>('/apir/sync/actopen/get_dictionary', {
          data_type: DICTIONARY_TYPE[kind],
          skip,
          take: PAGE,
        });
        for (const row of page ?? []) {
          const code = row[`${field}_code`];
          if (typeof code === 'string' && code) items.push({ code, name: String(row[`${field}_name`] ?? '') });
        }
        if (!page || page.length < PAGE) return items;
      }
    },
    saveDictionary: (kind: ListedKind, entries: DictionaryItem[]) =>
      call<unknown>('/apir/sync/actopen/save_dictionary', {
        dictionary: entries.map((entry) => ({
          dictionary_type: SAVE_TYPE[kind],
          [`${FIELDS[kind]}_code`]: entry.code,
          [`${FIELDS[kind]}_name`]: entry.name,
        })),
      }),
    /** Accepted now; AMIS answers each voucher on the callback. */
    saveVouchers: (vouchers: Record<string, unknown>[]) => call<unknown>('/apir/sync/actopen/save', { voucher: vouchers }),
  };
}

export type AmisClient = ReturnType<typeof amisClient>;
