/**
 * A typed client of MISA meInvoice's integration API (misa.vn/154989; docs/provider-sources.md
 * "MISA meInvoice"; simulators/meinvoice is its stand-in): a token from the account (kept sealed with the connection
 * and reused for six hours, fetched again once when refused), the templates, publishing by RefID,
 * status by RefID or TransactionID, the PDF and XML, cancelling. Every call goes through
 * providerFetch; meInvoice's error codes become Vietnamese sentences, the code kept beside them.
 */
import { providerBaseUrl, updateConnectionSecrets, type Connection } from '@server/kernel/connections';
import type { AppDeps } from '@server/kernel/app-types';
import { ProviderError, providerFetch } from '@server/lib/provider-http';

export const MEINVOICE = 'meinvoice';
export const MEINVOICE_HOSTS = { production: 'https://api.meinvoice.vn', sandbox: 'https://testapi.meinvoice.vn' };
const PREFIX = '/api/integration';
const TOKEN_REUSE_MS = 6 * 60 * 60 * 1000;

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
};
export type MeInvoiceSecrets = { password?: string; token?: string; tokenAt?: string };
export type MeInvoiceConnection = Connection<MeInvoiceSettings, MeInvoiceSecrets>;

export type PublishResult = {
  RefID: string;
  TransactionID?: string;
  InvTemplateNo?: string;
  InvSeries?: string;
  InvNo?: string;
  InvDate?: string;
  InvCode?: string | null;
  ErrorCode?: string | null;
};
export type StatusResult = {
  RefID: string;
  TransactionID: string;
  InvSeries: string;
  InvNo: string;
  InvDate: string;
  InvoiceCode: string | null;
  IsDelete: boolean;
};
export type MeInvoiceTemplate = { InvTemplateNo: string; InvSeries: string; TemplateName: string; IsInvoiceWithCode: boolean };

/** meInvoice's codes in words an accountant can act on. */
const ERROR_TEXT: Record<string, string> = {
  InvalidAppID: 'Mã ứng dụng (AppID) MISA không đúng, hãy liên hệ MISA để lấy AppID tích hợp',
  InactiveAppID: 'Mã ứng dụng (AppID) MISA đã bị ngừng, hãy liên hệ MISA',
  UnAuthorize: 'Sai tài khoản, mật khẩu hoặc mã số thuế meInvoice',
  InvalidTaxCode: 'Mã số thuế không đúng với tài khoản meInvoice',
  InvoiceDuplicated: 'Hóa đơn đã có trên meInvoice',
  InvoiceNumberNotContinuous: 'Số hóa đơn trên meInvoice không liên tục',
  InvalidInvoiceSeries: 'Ký hiệu hóa đơn không có trên tài khoản meInvoice',
  InvSeriesNotExist: 'Ký hiệu hóa đơn không có trên tài khoản meInvoice',
  SignatureEmpty: 'Tài khoản meInvoice chưa cấu hình chữ ký số (HSM)',
  InvalidSignature: 'Tài khoản meInvoice chưa cấu hình chữ ký số (HSM)',
  InvalidXMLData: 'Dữ liệu hóa đơn không hợp lệ theo chuẩn của cơ quan thuế',
  InvalidBuyerName: 'Thiếu tên người mua',
  InvalidVATRateName: 'Thuế suất không hợp lệ',
  InvalidTotalAmount: 'Tổng tiền hóa đơn không khớp với các dòng hàng',
  InvalidTotalAmountWithoutVAT: 'Tổng tiền trước thuế không khớp với các dòng hàng',
  InvalidTotalVATAmount: 'Tổng tiền thuế không khớp với các dòng hàng',
  InvalidTotalAmountInWords: 'Thiếu số tiền bằng chữ',
  InvalidInvoiceDetail: 'Hóa đơn không có dòng hàng',
  InvoiceNotFound: 'Không tìm thấy hóa đơn trên meInvoice',
};

export function meInvoiceMessage(code: string): string {
  return ERROR_TEXT[code] ?? `meInvoice từ chối (mã lỗi ${code})`;
}

type Envelope = {
  success?: boolean;
  errorCode?: string | null;
  descriptionErrorCode?: string | null;
  data?: unknown;
  publishInvoiceResult?: unknown;
};

/** meInvoice writes lists as JSON text inside the JSON answer; both forms are read. */
function listOf<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (typeof value !== 'string' || !value.trim().startsWith('[')) return [];
  try {
    return JSON.parse(value) as T[];
  } catch {
    throw new ProviderError('server', 'meInvoice trả về dữ liệu không đọc được');
  }
}

export function meInvoiceClient(deps: Pick<AppDeps, 'db' | 'vault' | 'simulatorUrl' | 'env'>, connection: MeInvoiceConnection) {
  const base = `${providerBaseUrl(deps, connection, MEINVOICE_HOSTS)}${PREFIX}`;
  const timeoutMs = deps.env.providerTimeoutMs;
  let token =
    connection.secrets.token && Date.now() - Date.parse(connection.secrets.tokenAt ?? '') < TOKEN_REUSE_MS
      ? connection.secrets.token
      : null;

  function refused(body: Envelope, status: number): ProviderError {
    const code = body.errorCode ?? `HTTP ${status}`;
    const failure = code === 'UnAuthorize' || code === 'InvalidAppID' || code === 'InactiveAppID' || status === 401 ? 'auth' : 'rejected';
    return new ProviderError(failure, meInvoiceMessage(code), { status, providerCode: code, body });
  }

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
    const body = (answer.body ?? {}) as Envelope;
    if (!body.success || typeof body.data !== 'string' || !body.data) throw refused(body, answer.status);
    token = body.data;
    if (connection.id > 0) await updateConnectionSecrets(deps, connection as Connection, { token, tokenAt: new Date().toISOString() });
    return token;
  }

  /** A call with the token; a refused token is fetched again once. */
  async function call(method: 'GET' | 'POST', path: string, json?: unknown, query?: Record<string, string>): Promise<Envelope> {
    for (let attempt = 0; ; attempt += 1) {
      const bearer = token ?? (await signIn());
      const answer = await providerFetch(`${base}${path}`, {
        method,
        json,
        query,
        headers: { authorization: `Bearer ${bearer}`, CompanyTaxCode: connection.settings.taxCode },
        timeoutMs,
      });
      const body = (answer.body ?? {}) as Envelope;
      if (answer.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      if (answer.status >= 400 || (body.success === false && body.errorCode)) throw refused(body, answer.status);
      return body;
    }
  }

  const flags = (withCode: boolean) => ({ invoiceWithCode: String(withCode), invoiceCalcu: 'false' });
  const withCode = connection.settings.series.startsWith('C');

  return {
    signIn,
    async templates(year = new Date().getFullYear()): Promise<MeInvoiceTemplate[]> {
      const body = await call('GET', '/invoice/templates', undefined, {
        invoiceWithCode: String(withCode),
        ticket: 'false',
        year: String(year),
      });
      return listOf<MeInvoiceTemplate>(body.data);
    },
    /** SignType 2: signed by the provider's HSM with the company's registered certificate. */
    async publish(invoiceData: Record<string, unknown>): Promise<PublishResult> {
      const body = await call('POST', '/invoice', { SignType: 2, InvoiceData: [invoiceData], PublishInvoiceData: null });
      const [result] = listOf<PublishResult>(body.publishInvoiceResult);
      if (!result) throw new ProviderError('server', 'meInvoice không trả kết quả phát hành');
      return result;
    },
    async statusByRef(refId: string): Promise<StatusResult | null> {
      const body = await call('POST', '/invoice/status', [refId], { ...flags(withCode), inputType: '2' });
      return listOf<StatusResult>(body.data).find((row) => row.RefID === refId) ?? null;
    },
    async download(transactionId: string, kind: 'pdf' | 'xml'): Promise<Buffer> {
      const body = await call('POST', '/invoice/download', [transactionId], { ...flags(withCode), downloadDataType: kind });
      const [file] = listOf<{ TransactionID: string; Data: string | null; ErrorCode: string | null }>(body.data);
      if (!file || file.ErrorCode || !file.Data) throw refused({ errorCode: file?.ErrorCode ?? 'InvoiceNotFound' }, 200);
      return Buffer.from(file.Data, 'base64');
    },
    async cancel(input: { transactionId: string; series: string; number: string; date: string; reason: string }): Promise<void> {
      await call('POST', '/invoice/cancel', {
        TransactionID: input.transactionId,
        InvSeries: input.series,
        InvNo: input.number,
        RefDate: input.date,
        CancelReason: input.reason,
      });
    },
  };
}

export type MeInvoiceClient = ReturnType<typeof meInvoiceClient>;
