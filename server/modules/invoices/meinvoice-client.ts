/**
 * A typed client of MISA meInvoice's integration API (misa.vn/154989; the shapes in
 * simulators/meinvoice/fixtures, checked by meinvoice-client.contract.test.ts; docs/provider-sources.md
 * "MISA meInvoice"): a token from the account (kept sealed with the connection and reused for seven
 * days, as MISA advises for its 14-day token, fetched again once when refused), the templates
 * and the HSM certificate (read at setup), publishing by RefID (SignType 2), status by RefID, the PDF and
 * XML, and cancelling on MISA's v3 line. meInvoice answers some calls in PascalCase and others in
 * camelCase; both are read. Its codes become Vietnamese sentences (meinvoice-codes.ts).
 */
import { vietnamDay } from '@contract/price-policy';
import { providerBaseUrl, setConnectionStatus, updateConnectionSecrets, type Connection } from '@server/kernel/connections';
import type { AppDeps } from '@server/kernel/app-types';
import { ProviderError, providerFetch } from '@server/lib/provider-http';
import { ALREADY_SENT, SIGN_IN_AGAIN, meInvoiceRefusal } from './meinvoice-codes';

export { meInvoiceMessage } from './meinvoice-codes';

export const MEINVOICE = 'meinvoice';
export const MEINVOICE_HOSTS = { production: 'https://api.meinvoice.vn', sandbox: 'https://testapi.meinvoice.vn' };
const PREFIX = '/api/integration';
const TOKEN_REUSE_MS = 7 * 24 * 60 * 60 * 1000;

export type MeInvoiceSettings = {
  appId: string;
  taxCode: string;
  username: string;
  templateNo: string;
  series: string;
  sellerLegalName: string;
  sellerAddress: string;
  sellerPhone: string | null;
  sellerEmail: string | null;
  sellerBankAccount: string | null;
  sellerBankName: string | null;
  sendEmail: boolean;
  /**
   * Kept from the setup, as MISA asks (§1.5, §4: templates are read again only when the series
   * changes): the series' template sends by summary table (IsSendSummary → IsInvoiceSummary), and
   * the HSM certificate to sign with (§3 get-certificates → CertificateSN). Absent on accounts set
   * up before they were kept: then false, and no certificate named (meInvoice signs with its own).
   */
  sendSummary?: boolean;
  certificateSN?: string | null;
};
export type MeInvoiceSecrets = { password?: string; token?: string; tokenAt?: string };
export type MeInvoiceConnection = Connection<MeInvoiceSettings, MeInvoiceSecrets>;

/** What meInvoice holds for one invoice (§14.11 InvoiceStatus), in our words. */
export type MeInvoiceStatus = {
  refId: string;
  transactionId: string;
  series: string;
  number: string;
  /** The day it was published (from PublishedTime; the status has no InvDate). */
  issuedOn: string | null;
  taxAuthorityCode: string | null;
  /** EInvoiceStatus 2: cancelled at meInvoice. */
  cancelled: boolean;
  /** SendTaxStatus 3 or 4: the tax authority refused it. */
  taxRefused: boolean;
};
/** A publish: published now, or meInvoice already has this RefID (read it back with statusByRef). */
export type PublishOutcome =
  { kind: 'published'; transactionId: string; series: string; number: string; issuedOn: string | null } | { kind: 'already'; code: string };
export type MeInvoiceTemplate = {
  InvTemplateNo: string;
  InvSeries: string;
  TemplateName: string;
  IsSendSummary: boolean;
  /** Ours, from the ký hiệu's C/K letter (§1.6): meInvoice's template has no such field. */
  IsInvoiceWithCode: boolean;
};

type Envelope = { success: boolean; errorCode: string | null; data: unknown; publishInvoiceResult: unknown };
type Row = Record<string, unknown>;

/** `{success, errorCode, data}` or `{Success, ErrorCode, Data}` (§1.3 vs §2–§4), an empty code as none. */
function envelopeOf(raw: unknown): Envelope {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Row;
  const pick = (name: string) => body[name] ?? body[name[0]!.toUpperCase() + name.slice(1)];
  const code = pick('errorCode');
  return {
    success: pick('success') === true,
    errorCode: typeof code === 'string' && code ? code : null,
    data: pick('data'),
    publishInvoiceResult: pick('publishInvoiceResult'),
  };
}

/** meInvoice writes lists as JSON text inside the JSON answer; both forms are read. */
function listOf(value: unknown): Row[] {
  if (Array.isArray(value)) return value as Row[];
  if (value === null || value === undefined || value === '') return [];
  if (typeof value !== 'string' || !value.trim().startsWith('['))
    throw new ProviderError('server', 'meInvoice trả về dữ liệu không đọc được');
  try {
    return JSON.parse(value) as Row[];
  } catch {
    throw new ProviderError('server', 'meInvoice trả về dữ liệu không đọc được');
  }
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A moment that names its offset: `…Z`, `…+07:00`, `…+0700`. */
const ZONED = /(?:Z|[+-]\d\d:?\d\d)$/i;

/**
 * The Vietnamese calendar day of a date meInvoice answers (InvDate, PublishedTime). A bare day or a
 * wall-clock time without a zone is Vietnam's already, as MISA documents them (`2025-07-01`,
 * `2025-07-01T10:00:00`); a moment with a zone is turned to Vietnam's day, never cut at its UTC date
 * (`2026-12-01T20:08:00Z` is 02/12 in Vietnam).
 */
export function providerDay(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (ZONED.test(trimmed) && /^\d{4}-\d\d-\d\dT/.test(trimmed)) {
    const at = new Date(trimmed);
    if (!Number.isNaN(at.getTime())) return vietnamDay(at);
  }
  return /^\d{4}-\d\d-\d\d/.test(trimmed) ? trimmed.slice(0, 10) : null;
}

/** The ký hiệu's có mã letter: `C25TAA` or, with the form digit in front, `1C25TAA`. */
export const seriesWithCode = (series: string) =>
  series
    .replace(/^\d(?=[A-Za-z]\d\d)/, '')
    .toUpperCase()
    .startsWith('C');

function statusOf(row: Row): MeInvoiceStatus {
  const published = text(row.PublishedTime);
  return {
    refId: String(row.RefID ?? ''),
    transactionId: String(row.TransactionID ?? ''),
    series: String(row.InvSeries ?? ''),
    number: String(row.InvNo ?? ''),
    issuedOn: providerDay(published),
    taxAuthorityCode: text(row.InvoiceCode),
    cancelled: row.EInvoiceStatus === 2,
    taxRefused: row.SendTaxStatus === 3 || row.SendTaxStatus === 4,
  };
}

export function meInvoiceClient(deps: Pick<AppDeps, 'db' | 'vault' | 'simulatorUrl' | 'env'>, connection: MeInvoiceConnection) {
  const root = providerBaseUrl(deps, connection, MEINVOICE_HOSTS);
  const base = `${root}${PREFIX}`;
  const timeoutMs = deps.env.providerTimeoutMs;
  const withCode = seriesWithCode(connection.settings.series);
  let token =
    connection.secrets.token && Date.now() - Date.parse(connection.secrets.tokenAt ?? '') < TOKEN_REUSE_MS
      ? connection.secrets.token
      : null;

  async function signIn(): Promise<string> {
    const answer = await providerFetch(`${base}/auth/token`, {
      json: {
        appid: connection.settings.appId,
        taxcode: connection.settings.taxCode,
        username: connection.settings.username,
        password: connection.secrets.password ?? '',
      },
      timeoutMs,
    });
    const body = envelopeOf(answer.body);
    if (!body.success || typeof body.data !== 'string' || !body.data) {
      const error = meInvoiceRefusal(body.errorCode, answer.status, answer.body);
      // The account itself is refused: someone must reconnect it; jobs stop saying so.
      if (error.failure === 'auth' && connection.id > 0)
        await setConnectionStatus(deps.db, connection.id, 'needs_reconnect', error.message);
      throw error;
    }
    token = body.data;
    if (connection.id > 0) await updateConnectionSecrets(deps, connection as Connection, { token, tokenAt: new Date().toISOString() });
    return token;
  }

  /** A call with the token; a token meInvoice refuses (HTTP 401 or a §15 token code) is fetched again once. */
  async function call(method: 'GET' | 'POST', url: string, json?: unknown, query?: Record<string, string>): Promise<Envelope> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = token ?? (await signIn());
      const answer = await providerFetch(url, {
        method,
        json,
        query,
        headers: { authorization: `Bearer ${bearer}`, CompanyTaxCode: connection.settings.taxCode },
        timeoutMs,
      });
      const body = envelopeOf(answer.body);
      const refusedToken = answer.status === 401 || (body.errorCode !== null && SIGN_IN_AGAIN.has(body.errorCode));
      if (refusedToken && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status >= 400 || !body.success || body.errorCode) throw meInvoiceRefusal(body.errorCode, answer.status, answer.body);
      return body;
    }
  }

  const flags = { invoiceWithCode: String(withCode), invoiceCalcu: 'false' };

  async function templates(): Promise<MeInvoiceTemplate[]> {
    const body = await call('GET', `${base}/invoice/templates`, undefined, { invoiceWithCode: String(withCode), ticket: 'false' });
    return listOf(body.data).map((row) => ({
      InvTemplateNo: String(row.InvTemplateNo ?? ''),
      InvSeries: String(row.InvSeries ?? ''),
      TemplateName: String(row.TemplateName ?? ''),
      IsSendSummary: row.IsSendSummary === true,
      IsInvoiceWithCode: seriesWithCode(String(row.InvSeries ?? '')),
    }));
  }

  /** §3: the account's HSM certificate still in force (CertificateSN), or null when meInvoice lists none. */
  async function certificateSN(): Promise<string | null> {
    const body = await call('GET', `${base}/invoice/get-certificates`);
    const now = Date.now();
    const usable = listOf(body.data).filter((row) => !text(row.ExpirationTime) || Date.parse(String(row.ExpirationTime)) > now);
    return text(usable[0]?.CertificateSN);
  }

  return {
    signIn,
    templates,
    certificateSN,
    /** SignType 2 (§7): signed by MISA's HSM; a repeated RefID is "already", a number collision is retried (thrown, retryable). */
    async publish(invoiceData: Record<string, unknown>): Promise<PublishOutcome> {
      const serial = connection.settings.certificateSN;
      const item = { ...invoiceData, IsInvoiceSummary: connection.settings.sendSummary ?? false };
      const json = { SignType: 2, ...(serial ? { CertificateSN: serial } : {}), InvoiceData: [item], PublishInvoiceData: null };
      let body: Envelope;
      try {
        body = await call('POST', `${base}/invoice`, json);
      } catch (error) {
        const code = error instanceof ProviderError ? String(error.details.providerCode) : '';
        if (ALREADY_SENT.has(code)) return { kind: 'already', code };
        throw error;
      }
      const [result] = listOf(body.publishInvoiceResult);
      if (!result) throw new ProviderError('server', 'meInvoice không trả kết quả phát hành');
      const code = text(result.ErrorCode);
      if (code && ALREADY_SENT.has(code)) return { kind: 'already', code };
      if (code) throw meInvoiceRefusal(code, 200, result);
      const invDate = text(result.InvDate);
      return {
        kind: 'published',
        transactionId: String(result.TransactionID ?? ''),
        series: String(result.InvSeries ?? invoiceData.InvSeries),
        number: String(result.InvNo ?? ''),
        issuedOn: providerDay(invDate),
      };
    },
    async statusByRef(refId: string): Promise<MeInvoiceStatus | null> {
      const body = await call('POST', `${base}/invoice/status`, [refId], { ...flags, inputType: '2' });
      const row = listOf(body.data).find((candidate) => candidate.RefID === refId);
      return row ? statusOf(row) : null;
    },
    async download(transactionId: string, kind: 'pdf' | 'xml'): Promise<Buffer> {
      const body = await call('POST', `${base}/invoice/download`, [transactionId], { ...flags, downloadDataType: kind });
      const file = listOf(body.data).find((row) => row.TransactionID === transactionId);
      const data = text(file?.Data);
      if (!data) throw new ProviderError('server', `meInvoice chưa trả tệp ${kind.toUpperCase()} của hóa đơn`);
      return Buffer.from(data, 'base64');
    },
    /** Only MISA's v3 line documents a cancel (doc.meinvoice.vn CancelVoucher): `/api/v3[/code]/itg/invoicepublished/cancel`. */
    async cancel(input: { transactionId: string; number: string; date: string; reason: string }): Promise<void> {
      await call('POST', `${root}/api/v3${withCode ? '/code' : ''}/itg/invoicepublished/cancel`, {
        TransactionID: input.transactionId,
        InvNo: input.number,
        RefDate: input.date,
        CancelReason: input.reason,
      });
    },
  };
}

export type MeInvoiceClient = ReturnType<typeof meInvoiceClient>;
