/**
 * Re-pricing an order on the server with the same function the phone used (contract/price-policy.ts):
 * the company's switches, the customer's group and level, the policies in force today.
 */
import { and, eq } from 'drizzle-orm';
import { vietnamDay, type PricePolicyRecord, type PricingCustomer, type PricingFeatures } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { pricePolicies } from '@server/kernel/db/schema';
import { switchStates } from '@server/kernel/switches';
import { policyRecordsById } from '@server/modules/price-policy';

export type PricingContext = {
  features: PricingFeatures;
  vatOn: boolean;
  policies: PricePolicyRecord[];
  customer: PricingCustomer;
  day: string;
};

export async function pricingContext(
  db: Db,
  companyId: number,
  /** `wholesale`: sold at wholesale prices (the order's type or the customer's group says so). */
  customer: { customerTypeId: number | null; levelId: number | null; wholesale: boolean },
  now: Date,
): Promise<PricingContext> {
  const switches = await switchStates(db, companyId);
  const features: PricingFeatures = { pricePolicy: switches.get('CSG') === true, wholesale: switches.get('WHOLESALE') === true };
  let policies: PricePolicyRecord[] = [];
  if (features.pricePolicy) {
    const active = await db
      .select({ id: pricePolicies.id })
      .from(pricePolicies)
      .where(and(eq(pricePolicies.companyId, companyId), eq(pricePolicies.isActive, true)));
    policies = [
      ...(
        await policyRecordsById(
          db,
          companyId,
          active.map((row) => row.id),
        )
      ).values(),
    ];
  }
  return {
    features,
    vatOn: switches.get('VAT') === true,
    policies,
    customer: { customer_type_id: customer.customerTypeId, level_id: customer.levelId, wholesale: customer.wholesale },
    day: vietnamDay(now),
  };
}
