/** Stock for the tests: a variant brought to an exact quantity on hand in the default warehouse, through receipts. */
import { and, eq } from 'drizzle-orm';
import { vietnamDay } from '@contract/price-policy';
import type { VariantRecord } from '@contract/products';
import type { ReceiptDetail } from '@contract/warehouse-receipts';
import { stockLevels } from '@server/kernel/db/schema';
import { defaultWarehouse } from '@server/modules/warehouse';
import type { TestServer } from './test-server';

/** What the default warehouse holds of a variant: on hand and reserved, base units (zeros when never stocked). */
export async function stockLevel(server: TestServer, company: number, variantId: number): Promise<{ onHand: number; reserved: number }> {
  const warehouse = await defaultWarehouse(server.deps.db, company);
  const [level] = await server.deps.db
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.companyId, company), eq(stockLevels.warehouseId, warehouse.id), eq(stockLevels.variantId, variantId)));
  return { onHand: level?.onHand ?? 0, reserved: level?.reserved ?? 0 };
}

/** Completes an import (under) or an export (over) so the variant has exactly `onHand` base units. */
export async function stockTo(server: TestServer, token: string, company: number, variant: VariantRecord, onHand: number): Promise<void> {
  const { onHand: current } = await stockLevel(server, company, variant.id);
  const delta = onHand - current;
  if (delta === 0) return;
  const base = variant.units.find((unit) => unit.factor === 1)!;
  const kind = delta > 0 ? 'import' : 'export';
  const answer = await server.call<ReceiptDetail>(`/warehouse/api/${kind}receipt/`, {
    method: 'POST',
    token,
    body: {
      company,
      document_date: vietnamDay(),
      status: 'completed',
      lines: [
        {
          variant_id: variant.id,
          unit: base.unit,
          quantity: Math.abs(delta),
          unit_price: 1000,
          ...(kind === 'import' ? { lot_no: `KIT-${variant.id}`, expires_on: '2099-12-31' } : {}),
        },
      ],
    },
  });
  if (answer.status !== 201) throw new Error(`stockTo: ${answer.status} ${answer.body.message}`);
}
