/**
 * Certificates running out: the office's list of drug buyers whose GPP/GDP
 * certificate expires within the company's notice days, has expired, or who have no licence on
 * file; and the daily job that tells each rep once per certificate that their customer's expires soon.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { addDays, daysBetween } from '@contract/calendar-days';
import { CUSTOMER_KINDS } from '@contract/customers';
import { buyerClass, type LicenceExpiryRow } from '@contract/pharma';
import { vietnamDay } from '@contract/price-policy';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { accounts, customers } from '@server/kernel/db/schema';
import { enqueueJob, type JobHandler } from '@server/kernel/jobs';
import { notifyLicenceExpiring } from '@server/modules/notifications';
import { pharmaSettingsOf } from './settings';

export type ExpiryState = 'expiring' | 'expired' | 'missing';

/** Customer kinds that buy as drug businesses (contract/pharma.ts buyerClass): the others hold no drug licence. */
const DRUG_BUYER_KINDS = CUSTOMER_KINDS.filter((kind) => buyerClass(kind) !== 'other');

function stateFilter(state: ExpiryState, today: string, noticeDays: number): SQL | undefined {
  if (state === 'expired') return lt(customers.gppExpiry, today);
  if (state === 'missing') return or(isNull(customers.licenceNumber), eq(customers.licenceNumber, ''));
  return and(gte(customers.gppExpiry, today), lte(customers.gppExpiry, addDays(today, noticeDays)));
}

export async function licenceExpiryRows(
  db: Db,
  companyId: number,
  options: { state: ExpiryState; scope: SQL | null; today: string },
): Promise<LicenceExpiryRow[]> {
  const { expiry_notice_days: noticeDays } = await pharmaSettingsOf(db, companyId);
  const rows = await db
    .select({
      customer_id: customers.id,
      customer_code: customers.code,
      customer_name: customers.name,
      kind: customers.kind,
      staff_id: customers.staffId,
      staff_name: accounts.fullName,
      licence_number: customers.licenceNumber,
      gpp_number: customers.gppNumber,
      gpp_expiry: customers.gppExpiry,
    })
    .from(customers)
    .leftJoin(accounts, eq(accounts.id, customers.staffId))
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.status, 'active'),
        inArray(customers.kind, DRUG_BUYER_KINDS),
        stateFilter(options.state, options.today, noticeDays),
        options.scope ?? undefined,
      ),
    )
    .orderBy(sql`${customers.gppExpiry} asc nulls first`, asc(customers.name))
    .limit(1000);
  return rows.map((row) => ({ ...row, days_left: row.gpp_expiry ? daysBetween(options.today, row.gpp_expiry) : null }));
}

/** Tells each rep of a customer whose certificate expires within the notice days; once per certificate (the notice's key). */
export async function sendLicenceNotices(db: Db, today: string): Promise<number> {
  const companyIds = await db
    .selectDistinct({ id: customers.companyId })
    .from(customers)
    .where(and(isNotNull(customers.gppExpiry), gte(customers.gppExpiry, today), isNotNull(customers.staffId)));
  let sent = 0;
  for (const { id: companyId } of companyIds) {
    const rows = await licenceExpiryRows(db, companyId, { state: 'expiring', scope: null, today });
    for (const row of rows.filter((candidate) => candidate.staff_id !== null)) {
      sent += await notifyLicenceExpiring(db, {
        companyId,
        repId: row.staff_id!,
        customerId: row.customer_id,
        customerName: row.customer_name,
        gppExpiry: row.gpp_expiry!,
        daysLeft: row.days_left!,
      });
    }
  }
  return sent;
}

export const LICENCE_NOTICE_QUEUE = 'pharma.licence-notices';

/** Tomorrow's run at 07:00 Vietnam time, once whatever number of servers or restarts ask. */
export async function scheduleLicenceNotices(db: Db, today: string = vietnamDay()): Promise<void> {
  const next = addDays(today, 1);
  await enqueueJob(db, {
    queue: LICENCE_NOTICE_QUEUE,
    payload: { day: next },
    dedupeKey: `licence-notices:${next}`,
    runAt: new Date(`${next}T07:00:00+07:00`),
  });
}

export const licenceNoticeHandler: JobHandler<{ day: string }> = {
  queue: LICENCE_NOTICE_QUEUE,
  run: async (job, deps: AppDeps) => {
    const sent = await deps.db.transaction((tx) => sendLicenceNotices(tx, job.payload.day));
    await scheduleLicenceNotices(deps.db, job.payload.day);
    return { sent };
  },
};
