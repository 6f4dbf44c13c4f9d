/**
 * The rep's own discount on order.submit (and the office's create, which runs the same handler), by
 * the shared rules the phone ran before sending (contract/orders-lines.ts, contract/orders-discount.ts):
 * an amount larger than what its line is worth is refused, never capped without a word; a discount
 * over the seller's role maximum is taken as waiting for a manager's approval, with the reason.
 */
import { discountApprovalReason, discountLimitOf } from '@contract/orders-discount';
import { discountProblem } from '@contract/orders-lines';
import type { PricedLine } from '@contract/promotions-engine';
import type { CallerAccess } from '@server/kernel/membership';
import { OpRejection } from '@server/kernel/sync/op-context';

/**
 * `lines` are the engine's priced lines; `indexes[i]` is the payload index of `lines[i]` (lines the
 * stock dropped are not priced), for the field a refusal names. Returns the approval reason, or null.
 */
export function checkRepDiscount(lines: readonly PricedLine[], indexes: readonly number[], access: CallerAccess): string | null {
  const problems = lines.flatMap((line, at) => {
    const problem = discountProblem(line.discount, line.amounts.base);
    return problem ? [{ field: `lines.${indexes[at]}.discount`, message: `${line.label}: ${problem}` }] : [];
  });
  if (problems.length > 0) {
    throw new OpRejection(
      'DISCOUNT_INVALID',
      `${problems.map((problem) => problem.message).join('; ')}. Vui lòng sửa chiết khấu rồi gửi lại.`,
      Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
    );
  }
  return discountApprovalReason(lines, discountLimitOf(access));
}
