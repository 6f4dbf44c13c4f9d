/**
 * The jobs of the accounting connection (server/kernel/jobs.ts). `amis.voucher` sends one record's
 * voucher with its org_refid: AMIS makes one voucher per org_refid, so a send repeated after a
 * timeout, a 5xx or a restart makes nothing twice; the row stays waiting for AMIS's callback,
 * unless the push itself was refused (failed, with AMIS's reason). `amis.callback` records what a
 * callback said, once per callback (server/kernel/inbound-events.ts); a row already synced stays so.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { AccountingSource } from '@contract/invoices-accounting';
import type { AppDeps } from '@server/kernel/app-types';
import { accountingSyncs } from '@server/kernel/db/schema';
import { PermanentJobError, type JobHandler } from '@server/kernel/jobs';
import { isSwitchOn } from '@server/kernel/switches';
import { ProviderError } from '@server/lib/provider-http';
import { VOUCHER_QUEUE } from './accounting-sync';
import { amisClientFor, amisConnection } from './amis-connection';
import { VOUCHER_SOURCES } from './voucher-sources';

export const CALLBACK_QUEUE = 'amis.callback';

type VoucherPayload = { companyId: number; syncId: string };

async function load(deps: AppDeps, payload: VoucherPayload) {
  const [row] = await deps.db
    .select()
    .from(accountingSyncs)
    .where(and(eq(accountingSyncs.companyId, payload.companyId), eq(accountingSyncs.id, payload.syncId)));
  return row ?? null;
}

export const voucherJob: JobHandler<VoucherPayload> = {
  queue: VOUCHER_QUEUE,
  async run(job, deps) {
    const row = await load(deps, job.payload);
    if (!row || row.status !== 'waiting') return { skipped: true };
    if (!(await isSwitchOn(deps.db, row.companyId, 'VAT')))
      throw new PermanentJobError('Công ty đã tắt Thuế VAT nên không đồng bộ kế toán');
    const connection = await amisConnection(deps, row.companyId);
    if (!connection) throw new PermanentJobError('Công ty chưa kết nối MISA AMIS Kế toán');
    const voucher = await VOUCHER_SOURCES[row.source as AccountingSource].voucher(deps.db, row.companyId, row.sourceId, row.orgRefid);
    try {
      await amisClientFor(deps, connection).saveVouchers([voucher]);
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        throw Object.assign(new PermanentJobError(error.message), { providerCode: error.details.providerCode });
      }
      throw error;
    }
    await deps.db.update(accountingSyncs).set({ sentAt: new Date() }).where(eq(accountingSyncs.id, row.id));
    return { sent: row.orgRefid };
  },
  async onDead(job, error, deps) {
    await deps.db
      .update(accountingSyncs)
      .set({
        status: 'failed',
        errorCode: (error as { providerCode?: string }).providerCode ?? null,
        errorMessage: error.message,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(accountingSyncs.companyId, job.payload.companyId),
          eq(accountingSyncs.id, job.payload.syncId),
          ne(accountingSyncs.status, 'synced'),
        ),
      );
  },
};

type CallbackResult = { org_refid?: string; success?: boolean; error_code?: string | null; error_message?: string | null };
type CallbackPayload = { eventId: number; companyId: number; payload: { data: string } };

export const callbackJob: JobHandler<CallbackPayload> = {
  queue: CALLBACK_QUEUE,
  async run(job, deps) {
    let results: CallbackResult[];
    try {
      results = JSON.parse(job.payload.payload.data) as CallbackResult[];
    } catch {
      throw new PermanentJobError('AMIS gửi kết quả không đọc được');
    }
    if (!Array.isArray(results)) throw new PermanentJobError('AMIS gửi kết quả không đọc được');
    let recorded = 0;
    for (const result of results) {
      if (typeof result?.org_refid !== 'string' || !/^[0-9a-f-]{36}$/i.test(result.org_refid)) continue;
      const ok = result.success === true;
      const rows = await deps.db
        .update(accountingSyncs)
        .set({
          status: ok ? 'synced' : 'failed',
          errorCode: ok ? null : (result.error_code ?? null),
          errorMessage: ok ? null : `AMIS: ${result.error_message ?? 'từ chối chứng từ'}`,
          syncedAt: ok ? new Date() : null,
          updatedAt: new Date(),
        })
        // Only the company the callback's connection belongs to; a voucher synced stays synced.
        .where(
          and(
            eq(accountingSyncs.companyId, job.payload.companyId),
            eq(accountingSyncs.orgRefid, result.org_refid),
            ne(accountingSyncs.status, 'synced'),
          ),
        )
        .returning({ id: accountingSyncs.id });
      recorded += rows.length;
    }
    return { recorded };
  },
};

export const AMIS_JOB_HANDLERS = [voucherJob, callbackJob];
