/**
 * What the device knows of a variant's stock for an order (the `stock` mirror of the warehouse
 * domain, less what this phone's orders still waiting to be sent will take): how many base units
 * the order's warehouse can still sell, and a line's warning when it asks for more. A variant the warehouse never stocked is not tracked (null) and never flagged; the
 * server's answer decides in the end (applied with changes, as for prices).
 */
import { groupDigits } from '@contract/money';
import type { LocalStock } from '@/db/app-db';

/** Sellable base units in the warehouse the order ships from (the person's active one, else the default). */
export function availableFor(stock: LocalStock | undefined, warehouseId: number | null): number | null {
  if (!stock) return null;
  const id = warehouseId ?? stock.default_warehouse_id;
  return stock.by_warehouse[String(id)] ?? 0;
}

/** The warning of a line that asks for more than the warehouse can sell; null when it fits or is not tracked. */
export function overStock(available: number | null, quantity: number, factor: number, baseUnit: string): string | null {
  if (available === null || quantity * factor <= available) return null;
  if (available <= 0) return 'Kho đã hết hàng: máy chủ sẽ bỏ dòng này khi nhận đơn';
  return `Vượt tồn kho: chỉ còn ${groupDigits(available)} ${baseUnit}, máy chủ sẽ giảm số lượng khi nhận đơn`;
}

/** "Còn 120 viên" / "Hết hàng" for a product result; null when not tracked. */
export function stockLabel(available: number | null, baseUnit: string): string | null {
  if (available === null) return null;
  return available > 0 ? `Còn ${groupDigits(available)} ${baseUnit}` : 'Hết hàng';
}

/** An order queued on this phone, not yet taken by the server: what it will reserve, and where. */
export type QueuedOrder = { warehouseId: number | null; lines: readonly { variant_id: number; quantity: number; factor: number }[] };

/**
 * The stock mirror less what the phone's queued orders will take (gifts too): the server reserves
 * them when they arrive, and until then the mirror does not know them ("Còn 60 chai" after 11 were
 * queued). A warehouse of null is the variant's default one.
 */
export function lessQueued(stock: ReadonlyMap<number, LocalStock>, queued: readonly QueuedOrder[]): Map<number, LocalStock> {
  const left = new Map([...stock].map(([id, row]) => [id, { ...row, by_warehouse: { ...row.by_warehouse } }]));
  for (const order of queued) {
    for (const line of order.lines) {
      const row = left.get(line.variant_id);
      if (!row) continue;
      const base = line.quantity * line.factor;
      const warehouse = String(order.warehouseId ?? row.default_warehouse_id);
      row.by_warehouse[warehouse] = (row.by_warehouse[warehouse] ?? 0) - base;
      row.available -= base;
    }
  }
  return left;
}
