/**
 * The credit check when an order is saved (contract/receivables-ledger.ts creditVerdict), run by
 * the orders module for the rep's op and the office's create alike, with RECEIVABLE on: the
 * customer's limit and the taking rep's, against what is owed now plus the order. Blocked, the order
 * is refused with the reason; warned, it is taken and the reason kept on it.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_RECEIVABLE_SETTINGS, standingOf } from '@contract/receivables';
import { vietnamDay } from '@contract/price-policy';
import { creditVerdict, type CreditPolicy, type CreditStanding } from '@contract/receivables-ledger';
import type { Db } from '@server/kernel/db/client';
import { rowsOf } from '@server/kernel/sql';
import { isSwitchOn } from '@server/kernel/switches';
import { OpRejection } from '@server/kernel/sync/op-context';
import { receivableRecords, repCreditRecords } from './receivable-record';

export type CreditCheckInput = { companyId: number; customerId: string; accountId: number; orderValue: number; now?: Date };

/** Null when the order may be taken as it is; the warning to keep on it; or OpRejection CREDIT_LIMIT_EXCEEDED. */
export async function checkOrderCredit(tx: Db, input: CreditCheckInput): Promise<string | null> {
  const { refusal, warning } = await orderCredit(tx, input);
  if (refusal) throw new OpRejection('CREDIT_LIMIT_EXCEEDED', `Không thể đặt hàng: ${refusal}`);
  return warning;
}

/**
 * The credit verdict without throwing, for a rep's order whose refusal names everything else that
 * changed with it (server/modules/orders orderVerdict): the reasons it is refused (policy block) or
 * the warning to keep on it (policy warn).
 */
export async function orderCredit(tx: Db, input: CreditCheckInput): Promise<{ refusal: string | null; warning: string | null }> {
  const none = { refusal: null, warning: null };
  if (!(await isSwitchOn(tx, input.companyId, 'RECEIVABLE'))) return none;
  const terms = await creditTerms(tx, input);
  if (terms.policy === 'allow' || (!terms.customerLimited && !terms.repLimited)) return none;
  const today = vietnamDay(input.now);
  const standings: CreditStanding[] = [];
  if (terms.customerLimited) {
    const customer = (await receivableRecords(tx, input.companyId, [input.customerId])).get(input.customerId);
    standings.push(standingOf(customer, `Khách hàng ${customer?.customer_name ?? ''}`.trim(), today));
  }
  const rep = terms.repLimited ? (await repCreditRecords(tx, input.companyId, [input.accountId])).get(input.accountId) : undefined;
  if (rep) standings.push(standingOf(rep, `Nhân viên ${rep.name}`, today));
  const verdict = creditVerdict(terms.policy, input.orderValue, standings);
  const reasons = verdict.reasons.join('; ');
  return verdict.decision === 'block'
    ? { refusal: reasons, warning: null }
    : { refusal: null, warning: verdict.decision === 'warn' ? reasons : null };
}

/**
 * The policy, and whether the customer and the rep have a limit or credit days at all, in one
 * statement. Without either there is nothing to exceed (creditVerdict gives no reason), so what they
 * owe is read only for whoever has one: most customers have none, and those figures are an order's
 * costliest reads.
 */
async function creditTerms(
  tx: Db,
  input: CreditCheckInput,
): Promise<{ policy: CreditPolicy; customerLimited: boolean; repLimited: boolean }> {
  const [row] = rowsOf<{ policy: CreditPolicy | null; customer_limited: boolean; rep_limited: boolean }>(
    await tx.execute(sql`
      select
        (select s.policy from receivable_settings s where s.company_id = ${input.companyId}) as policy,
        exists (select 1 from customer_credit c where c.company_id = ${input.companyId} and c.customer_id = ${input.customerId}
                  and (c.credit_limit is not null or c.credit_days is not null)) as customer_limited,
        exists (select 1 from rep_credit r where r.company_id = ${input.companyId} and r.account_id = ${input.accountId}
                  and (r.credit_limit is not null or r.credit_days is not null)) as rep_limited`),
  );
  return {
    policy: row?.policy ?? DEFAULT_RECEIVABLE_SETTINGS.credit_policy,
    customerLimited: row?.customer_limited === true,
    repLimited: row?.rep_limited === true,
  };
}
