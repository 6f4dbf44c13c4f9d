/**
 * The credit check when an order is saved (contract/receivables-ledger.ts creditVerdict), run by
 * the orders module for the rep's op and the office's create alike, with RECEIVABLE on: the
 * customer's limit and the taking rep's, against what is owed now plus the order. Blocked, the order
 * is refused with the reason; warned, it is taken and the reason kept on it.
 */
import { standingOf } from '@contract/receivables';
import { vietnamDay } from '@contract/price-policy';
import { creditVerdict, type CreditStanding } from '@contract/receivables-ledger';
import type { Db } from '@server/kernel/db/client';
import { isSwitchOn } from '@server/kernel/switches';
import { OpRejection } from '@server/kernel/sync/op-context';
import { receivableRecords, repCreditRecords } from './receivable-record';
import { settingsOf } from './settings';

export type CreditCheckInput = { companyId: number; customerId: string; accountId: number; orderValue: number; now?: Date };

/** Null when the order may be taken as it is; the warning to keep on it; or OpRejection CREDIT_LIMIT_EXCEEDED. */
export async function checkOrderCredit(tx: Db, input: CreditCheckInput): Promise<string | null> {
  if (!(await isSwitchOn(tx, input.companyId, 'RECEIVABLE'))) return null;
  const { credit_policy: policy } = await settingsOf(tx, input.companyId);
  if (policy === 'allow') return null;
  const today = vietnamDay(input.now);
  const customer = (await receivableRecords(tx, input.companyId, [input.customerId])).get(input.customerId);
  const rep = (await repCreditRecords(tx, input.companyId, [input.accountId])).get(input.accountId);
  const standings: CreditStanding[] = [standingOf(customer, `Khách hàng ${customer?.customer_name ?? ''}`.trim(), today)];
  if (rep) standings.push(standingOf(rep, `Nhân viên ${rep.name}`, today));
  const verdict = creditVerdict(policy, input.orderValue, standings);
  if (verdict.decision === 'block') throw new OpRejection('CREDIT_LIMIT_EXCEEDED', `Không thể đặt hàng: ${verdict.reasons.join('; ')}`);
  return verdict.decision === 'warn' ? verdict.reasons.join('; ') : null;
}
