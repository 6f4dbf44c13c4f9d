/**
 * Re-pricing an order on the server with the same function the phone used (contract/price-policy.ts):
 * the company's switches, the customer's group and level, the policies in force today.
 */
import { vietnamDay, type PricePolicyRecord, type PricingCustomer, type PricingFeatures } from '@contract/price-policy';
import type { Db } from '@server/kernel/db/client';
import { switchStates } from '@server/kernel/switches';
import { activePolicyRecords } from '@server/modules/price-policy';

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
  /** The order's variants: only their prices are read. */
  variantIds: readonly number[],
  now: Date,
): Promise<PricingContext> {
  const switches = await switchStates(db, companyId);
  const features: PricingFeatures = { pricePolicy: switches.get('CSG') === true, wholesale: switches.get('WHOLESALE') === true };
  const policies = features.pricePolicy ? await activePolicyRecords(db, companyId, variantIds) : [];
  return {
    features,
    vatOn: switches.get('VAT') === true,
    policies,
    customer: { customer_type_id: customer.customerTypeId, level_id: customer.levelId, wholesale: customer.wholesale },
    day: vietnamDay(now),
  };
}
