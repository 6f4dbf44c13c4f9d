/**
 * E-invoice calls under /invoice/api (docs/invoices.md), all behind the VAT switch:
 *   GET, PUT einvoice-settings/ · GET einvoice-templates/ · GET, POST einvoice/ · GET einvoice/orders/ · POST einvoice/preview/ ·
 *   GET einvoice/{id}/ · GET einvoice/{id}/pdf/, xml/, agreement/, list/ (Mẫu 01/BK-ĐCTT) · POST einvoice/{id}/cancel/, replace/, adjust/,
 *   retry/, agreement/ (multipart: the scan of the agreement with the buyer)
 * Seeing needs the invoices area's view, issuing its create, cancelling, correcting, sending again
 * and the settings its edit.
 */
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  CompanyBodySchema,
  InvoiceAdjustSchema,
  InvoiceCancelSchema,
  InvoiceIssueSchema,
  InvoiceableOrdersQuery,
  InvoiceListQuery,
  InvoicePreviewSchema,
  InvoiceReplaceSchema,
  InvoiceSettingsSchema,
  type InvoiceTemplate,
} from '@contract/invoices';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { companies, einvoiceFiles } from '@server/kernel/db/schema';
import { badRequest, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { invoicesCompany } from './company-checks';
import { invoiceableOrdersOf, invoiceDraft } from './invoice-draft';
import { invoiceRecords, listInvoices } from './invoice-list';
import { invoiceConnection, providerProblem, requireInvoiceConnection, saveInvoiceSettings, settingsRecord } from './invoice-settings';
import { checkScan, scanUploadLimit } from '@server/kernel/scan-upload';
import { adjustmentListSheet } from './adjustment-list-sheet';
import { adjustInvoice, invoiceReturns, replaceInvoice, saveAgreementScan } from './invoice-corrections';
import { findInvoice, issueInvoice, requestCancel, retryInvoice, type InvoiceRow } from './invoice-write';
import { meInvoiceClient } from './meinvoice-client';
import { contentDisposition } from '@server/kernel/content-disposition';

const CompanyQuery = v.object({ company: InvoiceListQuery.entries.company });

/** The agreement's scan: a photo or a PDF of a page or two. */
export const MAX_AGREEMENT_SCAN_BYTES = 5 * 1024 * 1024;
const AGREEMENT_UPLOAD_PATH = /^\/api\/invoice\/api\/einvoice\/[0-9a-fA-F-]{36}\/agreement\/?$/;

/** The upload path, for the API's JSON body limit to let it through to this route's own limit. */
export function isAgreementUpload(method: string, path: string): boolean {
  return method === 'POST' && AGREEMENT_UPLOAD_PATH.test(path);
}

const FILE_NAMES = { pdf: 'HD', xml: 'HD', agreement: 'BB' } as const;
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/xml': 'xml',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const InvoiceId = v.pipe(v.string(), v.uuid('Hóa đơn không hợp lệ'));

function invoiceId(c: Context): string {
  const parsed = v.safeParse(InvoiceId, c.req.param('id'));
  if (!parsed.success) throw notFound('Không tìm thấy hóa đơn');
  return parsed.output;
}

export function invoiceRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  const { query, body, upload: readUpload } = invoicesCompany(deps);
  const answer = async (c: Context, row: InvoiceRow, status: 200 | 201 = 200) => {
    deps.jobs.kick();
    const [record] = await invoiceRecords(db, [row]);
    return status === 201 ? created(c, record) : ok(c, record);
  };

  app.get('/einvoice-settings', async (c) => {
    const { company } = await query(c, CompanyQuery);
    const [info] = await db.select().from(companies).where(eq(companies.id, company));
    return ok(c, {
      settings: settingsRecord(company, await invoiceConnection(deps, company)),
      // What a new form starts from: the company's own details.
      defaults: {
        tax_code: info?.taxCode ?? '',
        seller_legal_name: info?.title ?? '',
        seller_address: info?.address ?? '',
        seller_phone: info?.phone ?? null,
      },
      simulator_available: deps.simulatorUrl !== null,
    });
  });

  app.put('/einvoice-settings', async (c) => {
    const input = await body(c, InvoiceSettingsSchema, 'edit');
    const connection = await saveInvoiceSettings(deps, input, c.get('auth').accountId);
    return ok(c, settingsRecord(input.company, connection), { message: 'Đã lưu và kết nối meInvoice thành công' });
  });

  app.get('/einvoice-templates', async (c) => {
    const { company } = await query(c, CompanyQuery);
    const connection = await requireInvoiceConnection(deps, company);
    try {
      const templates = await meInvoiceClient(deps, connection).templates();
      return ok<InvoiceTemplate[]>(
        c,
        templates.map((row) => ({
          template_no: row.InvTemplateNo,
          series: row.InvSeries,
          name: row.TemplateName,
          with_code: row.IsInvoiceWithCode,
        })),
      );
    } catch (error) {
      return providerProblem(error);
    }
  });

  app.get('/einvoice', async (c) => {
    const parsed = await query(c, InvoiceListQuery);
    const { rows, count, bonus } = await listInvoices(db, parsed);
    return ok(c, rows, { count, bonus });
  });

  app.get('/einvoice/orders', async (c) => {
    const parsed = await query(c, InvoiceableOrdersQuery, 'create');
    return ok(c, await invoiceableOrdersOf(db, parsed.company, parsed.customer));
  });

  app.post('/einvoice/preview', async (c) => {
    const input = await body(c, InvoicePreviewSchema, 'create');
    const connection = await requireInvoiceConnection(deps, input.company);
    return ok(c, await invoiceDraft(db, input.company, connection.settings, input.order_ids, input.not_subject_lines));
  });

  app.post('/einvoice', async (c) => {
    const input = await body(c, InvoiceIssueSchema, 'create');
    const connection = await requireInvoiceConnection(deps, input.company);
    const row = await issueInvoice(db, { ...input, accountId: c.get('auth').accountId, settings: connection.settings });
    return answer(c, row, 201);
  });

  app.get('/einvoice/:id', async (c) => {
    const { company } = await query(c, CompanyQuery);
    return answer(c, await findInvoice(db, company, invoiceId(c)));
  });

  for (const kind of ['pdf', 'xml', 'agreement'] as const) {
    app.get(`/einvoice/:id/${kind}`, async (c) => {
      const { company } = await query(c, CompanyQuery);
      const invoice = await findInvoice(db, company, invoiceId(c));
      const [file] = await db
        .select()
        .from(einvoiceFiles)
        .where(and(eq(einvoiceFiles.invoiceId, invoice.id), eq(einvoiceFiles.kind, kind)));
      if (!file && kind === 'agreement') throw notFound('Hóa đơn chưa có bản chụp biên bản thỏa thuận');
      if (!file) throw notFound(invoice.status === 'issued' ? 'Tệp hóa đơn chưa được tải về từ meInvoice' : 'Hóa đơn chưa được phát hành');
      const name = `${FILE_NAMES[kind]}_${invoice.templateNo}${invoice.series}_${invoice.number ?? invoice.id}.${EXTENSIONS[file.contentType] ?? 'bin'}`;
      return new Response(new Uint8Array(file.bytes), {
        headers: {
          'content-type': file.contentType,
          'content-disposition': contentDisposition('attachment', name),
          'cache-control': 'private, no-store',
        },
      });
    });
  }

  app.post('/einvoice/:id/cancel', async (c) => {
    const input = await body(c, InvoiceCancelSchema, 'edit');
    return answer(c, await requestCancel(db, input.company, invoiceId(c), input.reason));
  });

  app.post('/einvoice/:id/replace', async (c) => {
    const input = await body(c, InvoiceReplaceSchema, 'edit');
    const connection = await requireInvoiceConnection(deps, input.company);
    return answer(
      c,
      await replaceInvoice(db, { ...input, id: invoiceId(c), accountId: c.get('auth').accountId, settings: connection.settings }),
      201,
    );
  });

  app.get('/einvoice/:id/list', async (c) => {
    const { company } = await query(c, CompanyQuery);
    const adjusting = await findInvoice(db, company, invoiceId(c));
    if (!adjusting.adjustsId) throw notFound('Hóa đơn này không phải hóa đơn điều chỉnh');
    const original = await findInvoice(db, company, adjusting.adjustsId);
    return adjustmentListSheet(adjusting, original, (error) => deps.logger.error({ err: error }, 'adjustment list export failed'));
  });

  app.get('/einvoice/:id/returns', async (c) => {
    const { company } = await query(c, CompanyQuery);
    return ok(c, await invoiceReturns(db, company, invoiceId(c)));
  });

  app.post('/einvoice/:id/adjust', async (c) => {
    const input = await body(c, InvoiceAdjustSchema, 'edit');
    const connection = await requireInvoiceConnection(deps, input.company);
    const row = await adjustInvoice(db, { ...input, id: invoiceId(c), accountId: c.get('auth').accountId, settings: connection.settings });
    return answer(c, row, 201);
  });

  app.post('/einvoice/:id/agreement', scanUploadLimit(MAX_AGREEMENT_SCAN_BYTES, 'Bản chụp biên bản'), async (c) => {
    const upload = await readUpload(c, 'bien-ban');
    const invoice = await findInvoice(db, upload.company, invoiceId(c));
    const type = checkScan(upload.file, {
      maxBytes: MAX_AGREEMENT_SCAN_BYTES,
      missing: 'Vui lòng chọn ảnh chụp hoặc tệp PDF của biên bản',
    });
    await saveAgreementScan(db, invoice, { type, bytes: upload.file!.bytes });
    return answer(c, invoice);
  });

  app.post('/einvoice/:id/retry', async (c) => {
    const input = await body(c, CompanyBodySchema, 'edit');
    const invoice = await findInvoice(db, input.company, invoiceId(c));
    if (invoice.status === 'issued' && !invoice.statusMessage) throw badRequest('VALIDATION_FAILED', 'Hóa đơn đã phát hành đầy đủ');
    const connection = await requireInvoiceConnection(deps, input.company);
    return answer(c, await retryInvoice(db, input.company, invoice.id, connection.settings));
  });

  return app;
}
