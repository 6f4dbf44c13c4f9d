/**
 * A company's invoice settings are its connection to meInvoice (server/kernel/connections.ts):
 * the shown settings (tax code, template and series, the seller's details) and the sealed password
 * and token. Saving signs in with what was typed and checks the series is one of the account's
 * templates, so a wrong password or series is said at once and nothing is stored.
 */
import type { InvoiceSettingsRecord, InvoiceSettingsSchema } from '@contract/invoices';
import type * as v from 'valibot';
import type { AppDeps } from '@server/kernel/app-types';
import { listConnections, saveConnection, type Connection } from '@server/kernel/connections';
import { badRequest, HttpError } from '@server/kernel/errors';
import { secretHint } from '@server/kernel/vault';
import { ProviderError } from '@server/lib/provider-http';
import { MEINVOICE, meInvoiceClient, type MeInvoiceConnection, type MeInvoiceSettings } from './meinvoice-client';

export async function invoiceConnection(deps: Pick<AppDeps, 'db' | 'vault'>, companyId: number): Promise<MeInvoiceConnection | null> {
  const [connection] = await listConnections<MeInvoiceSettings, MeInvoiceConnection['secrets']>(deps, companyId, MEINVOICE);
  return connection ?? null;
}

/** The connection, or a 400 that says where to set it up. */
export async function requireInvoiceConnection(deps: Pick<AppDeps, 'db' | 'vault'>, companyId: number): Promise<MeInvoiceConnection> {
  const connection = await invoiceConnection(deps, companyId);
  if (!connection) throw badRequest('VALIDATION_FAILED', 'Công ty chưa cấu hình hóa đơn điện tử (Hóa đơn › Cấu hình)');
  return connection;
}

export function settingsRecord(companyId: number, connection: MeInvoiceConnection | null): InvoiceSettingsRecord | null {
  if (!connection) return null;
  const s = connection.settings;
  return {
    company: companyId,
    connected: connection.status === 'connected',
    environment: connection.environment,
    app_id: s.appId,
    tax_code: s.taxCode,
    username: s.username,
    password_hint: secretHint(connection.secrets.password),
    template_no: s.templateNo,
    series: s.series,
    seller_legal_name: s.sellerLegalName,
    seller_address: s.sellerAddress,
    seller_phone: s.sellerPhone,
    seller_email: s.sellerEmail,
    seller_bank_account: s.sellerBankAccount,
    seller_bank_name: s.sellerBankName,
    send_email: s.sendEmail,
    status: connection.status,
    status_message: connection.statusMessage,
    checked_at: connection.checkedAt?.toISOString() ?? null,
  };
}

/** A provider's failure while a person waits: a 400 with what it said (never a 5xx for their click). */
export function providerProblem(error: unknown): never {
  if (error instanceof ProviderError) throw new HttpError(400, 'PROVIDER_ERROR', error.message);
  if (error instanceof Error && error.message.includes('simulators are not running')) {
    throw badRequest('VALIDATION_FAILED', 'Trình giả lập không chạy trên máy chủ này: hãy chọn môi trường thử nghiệm hoặc chính thức');
  }
  throw error;
}

export async function saveInvoiceSettings(
  deps: AppDeps,
  input: v.InferOutput<typeof InvoiceSettingsSchema>,
  accountId: number,
): Promise<MeInvoiceConnection> {
  const stored = await invoiceConnection(deps, input.company);
  const password = input.password ?? stored?.secrets.password;
  if (!password)
    throw badRequest('VALIDATION_FAILED', 'Vui lòng nhập mật khẩu meInvoice', { password: 'Vui lòng nhập mật khẩu meInvoice' });
  const settings: MeInvoiceSettings = {
    appId: input.app_id,
    taxCode: input.tax_code,
    username: input.username,
    templateNo: input.template_no,
    series: input.series,
    sellerLegalName: input.seller_legal_name,
    sellerAddress: input.seller_address,
    sellerPhone: input.seller_phone,
    sellerEmail: input.seller_email,
    sellerBankAccount: input.seller_bank_account,
    sellerBankName: input.seller_bank_name,
    sendEmail: input.send_email,
  };
  // Checked with what was typed, before anything is stored.
  const trial: MeInvoiceConnection = {
    ...(stored ?? {
      id: 0,
      companyId: input.company,
      provider: MEINVOICE,
      accountKey: '',
      label: 'MISA meInvoice',
      status: 'connected',
      statusMessage: null,
      checkedAt: null,
      updatedAt: new Date(),
    }),
    environment: input.environment,
    settings,
    secrets: { password },
  };
  // id -1: the token the trial signs in for is kept with what is saved below, not written to a row now.
  const client = meInvoiceClient(deps, { ...trial, id: -1 });
  let token: string;
  try {
    token = await client.signIn();
    const templates = await client.templates();
    const template = templates.find((row) => row.InvSeries === input.series);
    if (!template || template.InvTemplateNo !== input.template_no) {
      const known = templates.map((row) => `${row.InvTemplateNo}${row.InvSeries}`).join(', ') || 'không có';
      throw badRequest('VALIDATION_FAILED', `Tài khoản meInvoice không có mẫu ${input.template_no}${input.series} (có: ${known})`, {
        series: 'Ký hiệu không có trên tài khoản meInvoice',
      });
    }
    // Kept for publishing, as MISA asks (its document §1.5 and §4; meinvoice-client.ts MeInvoiceSettings).
    settings.sendSummary = template.IsSendSummary;
    settings.certificateSN = await client.certificateSN();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    providerProblem(error);
  }
  return (await saveConnection(deps.db, deps.vault, {
    companyId: input.company,
    provider: MEINVOICE,
    label: 'MISA meInvoice',
    environment: input.environment,
    settings,
    secrets: { password: input.password ?? undefined, token, tokenAt: new Date().toISOString() },
    status: 'connected',
    createdBy: accountId,
  })) as Connection as MeInvoiceConnection;
}
