/**
 * The jobs that call meInvoice (server/kernel/jobs.ts). Publishing is idempotent at three levels:
 * the job's dedupe key, the invoice's stored TransactionID (a retry after publishing only fetches
 * the files), and the RefID at meInvoice (a retry after a lost answer is told DuplicateInvoiceRefID
 * and reads the number by RefID, as MISA's §15 says). A refusal ends the job and says why on the
 * invoice; a timeout, a 5xx or a number collision (InvoiceDuplicated, InvoiceNumberNotCotinuous,
 * which MISA says to send again) is retried. Cancelling (only an invoice meInvoice refused) looks
 * it up by RefID first: one published after all after a lost answer is kept, not cancelled.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { einvoiceFiles, einvoiceOrders, einvoices } from '@server/kernel/db/schema';
import { PermanentJobError, type ClaimedJob, type JobHandler } from '@server/kernel/jobs';
import { isSwitchOn } from '@server/kernel/switches';
import { ProviderError } from '@server/lib/provider-http';
import { fold } from '@contract/fold';
import { INVOICE_CORRECTION_RULES } from '@contract/invoices-corrections';
import { vietnamDay } from '@contract/price-policy';
import { invoiceData } from './invoice-data';
import { invoiceConnection } from './invoice-settings';
import { CANCEL_QUEUE, PUBLISH_QUEUE, type InvoiceRow } from './invoice-write';
import { meInvoiceClient, meInvoiceMessage, seriesWithCode, type MeInvoiceClient, type MeInvoiceSettings } from './meinvoice-client';

type InvoiceClient = MeInvoiceClient & { settings: MeInvoiceSettings };

type Payload = { companyId: number; invoiceId: string };

const FILE_TYPES = { pdf: 'application/pdf', xml: 'application/xml' } as const;

/** A provider's refusal does not change by sending again: the job stops and the invoice says why. */
function permanentIfRefused(error: unknown): never {
  if (error instanceof ProviderError && !error.retryable) {
    throw Object.assign(new PermanentJobError(error.message), { providerCode: error.details.providerCode });
  }
  // Retried; should the retries run out, the invoice still names meInvoice's code.
  if (error instanceof ProviderError) throw Object.assign(error, { providerCode: error.details.providerCode });
  throw error;
}

async function load(db: Db, payload: Payload): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(einvoices)
    .where(and(eq(einvoices.companyId, payload.companyId), eq(einvoices.id, payload.invoiceId)));
  return row ?? null;
}

async function clientFor(deps: AppDeps, companyId: number): Promise<InvoiceClient> {
  if (!(await isSwitchOn(deps.db, companyId, 'VAT')))
    throw new PermanentJobError('Công ty đã tắt Thuế VAT nên không phát hành hóa đơn điện tử');
  const connection = await invoiceConnection(deps, companyId);
  if (!connection) throw new PermanentJobError('Công ty chưa cấu hình hóa đơn điện tử');
  try {
    return { ...meInvoiceClient(deps, connection), settings: connection.settings };
  } catch {
    throw new PermanentJobError('Trình giả lập hóa đơn điện tử không chạy trên máy chủ này');
  }
}

type Issued = { transactionId: string; number: string; issuedOn: string | null; taxAuthorityCode: string | null };

/** What meInvoice holds for the invoice, recorded: its number, date and the authority's code. */
async function recordIssued(db: Db, invoice: InvoiceRow, found: Issued) {
  const [row] = await db
    .update(einvoices)
    .set({
      status: 'issued',
      statusMessage: null,
      providerCode: null,
      transactionId: found.transactionId,
      number: found.number,
      issuedOn: found.issuedOn ?? vietnamDay(),
      taxAuthorityCode: found.taxAuthorityCode,
      searchText: `${fold(found.number)} ${invoice.searchText}`,
      updatedAt: new Date(),
    })
    .where(eq(einvoices.id, invoice.id))
    .returning();
  if (invoice.replacesId) {
    await db
      .update(einvoices)
      .set({ status: 'replaced', updatedAt: new Date() })
      .where(and(eq(einvoices.companyId, invoice.companyId), eq(einvoices.id, invoice.replacesId)));
  }
  return row!;
}

async function publish(deps: AppDeps, client: InvoiceClient, invoice: InvoiceRow): Promise<InvoiceRow> {
  const originalId = invoice.replacesId ?? invoice.adjustsId;
  const original = originalId ? await load(deps.db, { companyId: invoice.companyId, invoiceId: originalId }) : null;
  const type = invoice.replacesId ? (1 as const) : (2 as const);
  // An adjustment of several invoices names the first; its reason says the list comes with it (Mẫu 01/BK-ĐCTT).
  const listNote = invoice.listed.length > 0 ? ` (kèm bảng kê Mẫu 01/BK-ĐCTT, ${invoice.listed.length + 1} hóa đơn)` : '';
  const reference = original ? { type, original, reason: `${invoice.replaceReason ?? ''}${listNote}` } : null;
  const outcome = await client.publish(invoiceData(invoice, client.settings, reference));
  if (outcome.kind === 'published') {
    // The publish answer carries no authority code (§7); a có mã invoice's code is read by RefID.
    const status = seriesWithCode(invoice.series) ? await client.statusByRef(invoice.refId) : null;
    return recordIssued(deps.db, invoice, { ...outcome, taxAuthorityCode: status?.taxAuthorityCode ?? null });
  }
  // Published by an earlier attempt whose answer was lost: read it back by our RefID.
  const found = await client.statusByRef(invoice.refId);
  if (found) return recordIssued(deps.db, invoice, found);
  // Said to be there but not found yet: try again later (the job's retries end it if it never shows).
  throw new ProviderError('server', meInvoiceMessage(outcome.code), { providerCode: outcome.code });
}

async function fetchFiles(deps: AppDeps, client: MeInvoiceClient, invoice: InvoiceRow) {
  const stored = await deps.db.select({ kind: einvoiceFiles.kind }).from(einvoiceFiles).where(eq(einvoiceFiles.invoiceId, invoice.id));
  for (const kind of ['pdf', 'xml'] as const) {
    if (stored.some((file) => file.kind === kind)) continue;
    const bytes = await client.download(invoice.transactionId!, kind);
    await deps.db
      .insert(einvoiceFiles)
      .values({ invoiceId: invoice.id, companyId: invoice.companyId, kind, contentType: FILE_TYPES[kind], bytes })
      .onConflictDoNothing();
  }
}

export const publishInvoiceJob: JobHandler<Payload> = {
  queue: PUBLISH_QUEUE,
  async run(job: ClaimedJob<Payload>, deps: AppDeps) {
    let invoice = await load(deps.db, job.payload);
    if (!invoice || invoice.status === 'cancelled' || invoice.status === 'replaced') return { skipped: true };
    const client = await clientFor(deps, invoice.companyId);
    try {
      if (!invoice.transactionId) invoice = await publish(deps, client, invoice);
      await fetchFiles(deps, client, invoice);
    } catch (error) {
      permanentIfRefused(error);
    }
    return { number: invoice.number };
  },
  async onDead(job, error, deps) {
    const invoice = await load(deps.db, job.payload);
    if (!invoice) return;
    const providerCode = (error as { providerCode?: string }).providerCode ?? null;
    // Published but its files could not be fetched: it stays issued, and says what is missing.
    const message = invoice.transactionId ? `Chưa tải được tệp hóa đơn: ${error.message}` : error.message;
    await deps.db
      .update(einvoices)
      .set({ status: invoice.transactionId ? 'issued' : 'failed', statusMessage: message, providerCode, updatedAt: new Date() })
      .where(eq(einvoices.id, invoice.id));
  },
};

/** Published after all (its answer was lost): under NĐ 70/2025 it stays, to be adjusted or replaced, not cancelled. */
async function keepPublished(db: Db, invoice: InvoiceRow) {
  await db
    .update(einvoices)
    .set({
      cancelState: null,
      statusMessage: `Không hủy: hóa đơn đã được phát hành trên meInvoice. ${INVOICE_CORRECTION_RULES.noCancelAfterPublish.text}.`,
      updatedAt: new Date(),
    })
    .where(eq(einvoices.id, invoice.id));
  return { cancelled: false, published: invoice.number };
}

export const cancelInvoiceJob: JobHandler<Payload> = {
  queue: CANCEL_QUEUE,
  async run(job, deps) {
    const invoice = await load(deps.db, job.payload);
    if (!invoice || invoice.cancelState !== 'requested') return { skipped: true };
    const client = await clientFor(deps, invoice.companyId);
    try {
      let alreadyCancelled = false;
      if (!invoice.transactionId) {
        // Never answered as published: it may still exist at meInvoice after a lost answer.
        const found = await client.statusByRef(invoice.refId);
        if (found && !found.cancelled) return keepPublished(deps.db, await recordIssued(deps.db, invoice, found));
        alreadyCancelled = found?.cancelled ?? false;
      }
      if (invoice.transactionId && !alreadyCancelled) {
        await client.cancel({
          transactionId: invoice.transactionId,
          number: invoice.number ?? '',
          date: invoice.issuedOn ?? '',
          reason: invoice.cancelReason ?? '',
        });
      }
    } catch (error) {
      permanentIfRefused(error);
    }
    await deps.db.transaction(async (tx) => {
      await tx
        .update(einvoices)
        .set({ status: 'cancelled', cancelState: null, cancelledAt: new Date(), statusMessage: null, updatedAt: new Date() })
        .where(eq(einvoices.id, invoice.id));
      await tx.update(einvoiceOrders).set({ active: false }).where(eq(einvoiceOrders.invoiceId, invoice.id));
    });
    return { cancelled: true };
  },
  async onDead(job, error, deps) {
    await deps.db
      .update(einvoices)
      .set({ cancelState: 'failed', statusMessage: `Chưa hủy được: ${error.message}`, updatedAt: new Date() })
      .where(and(eq(einvoices.companyId, job.payload.companyId), eq(einvoices.id, job.payload.invoiceId)));
  },
};

export const INVOICE_JOB_HANDLERS = [publishInvoiceJob, cancelInvoiceJob];
