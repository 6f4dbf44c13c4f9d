/**
 * The arithmetic of the stock ledger, one set of pure functions for the server (which posts) and the
 * screens (which preview): moving-average cost, first-expiry-first-out lot picking, which lots may
 * be sold, expiry buckets, count differences, a stock card's running balance. Quantities are whole
 * base units; money is whole đồng (contract/money.ts).
 */
import type { LotStatus } from './warehouse-status';

/** Stock of one variant in one warehouse: base units and their total value (đồng). */
export type StockLevel = { quantity: number; value: number };

/**
 * Moving-average cost (bình quân di động; docs/warehouse.md "Costing"): a receipt adds its quantity
 * and value, so the average is recomputed after each one; an issue takes out the average value of
 * what leaves. Keeping the total value (not an average price) keeps sums exact: the last unit out
 * takes exactly what is left.
 */
export function receive(level: StockLevel, quantity: number, unitCost: number): StockLevel {
  return { quantity: level.quantity + quantity, value: level.value + Math.round(quantity * unitCost) };
}

/** The value an issue of `quantity` takes out, and what stays. With nothing on hand it costs nothing. */
export function issue(level: StockLevel, quantity: number): { level: StockLevel; cost: number } {
  if (level.quantity <= 0 || level.value <= 0) return { level: { quantity: level.quantity - quantity, value: level.value }, cost: 0 };
  const cost = quantity >= level.quantity ? level.value : Math.round((level.value * quantity) / level.quantity);
  return { level: { quantity: level.quantity - quantity, value: level.value - cost }, cost };
}

/** The average cost per base unit (0 with nothing on hand). */
export function averageCost(level: StockLevel): number {
  return level.quantity > 0 ? level.value / level.quantity : 0;
}

/** A lot as pickers see it: its identity, dates, status and what is available of it here. */
export type LotStock = {
  lotId: number;
  lotNo: string;
  expiresOn: string | null;
  status: LotStatus;
  available: number;
};

/** ISO day comparison: expired on its expiry day's end, so a lot expiring today is still sellable today. */
export function isExpired(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn < today;
}

/** Why a lot may not be sold or issued to a customer; null when it may. */
export function lotProblem(lot: Pick<LotStock, 'lotNo' | 'expiresOn' | 'status'>, today: string): string | null {
  const name = lot.lotNo ? `Lô ${lot.lotNo}` : 'Hàng';
  if (lot.status === 'recalled') return `${name} đã bị thu hồi, không được bán`;
  if (lot.status === 'quarantine') return `${name} đang biệt trữ, chưa được bán`;
  if (isExpired(lot.expiresOn, today)) return `${name} đã hết hạn sử dụng, không được bán`;
  return null;
}

export type LotPick = { lotId: number; quantity: number };

/**
 * First expiry, first out (FEFO, GPP): the sellable lots with the nearest expiry first (lots without
 * one last), then by lot number; takes until `quantity` is met. `short` is what no lot could give.
 */
export function pickLotsFefo(lots: readonly LotStock[], quantity: number, today: string): { picks: LotPick[]; short: number } {
  const usable = lots
    .filter((lot) => lot.available > 0 && lotProblem(lot, today) === null)
    .sort((a, b) => {
      if (a.expiresOn !== b.expiresOn) {
        if (a.expiresOn === null) return 1;
        if (b.expiresOn === null) return -1;
        return a.expiresOn < b.expiresOn ? -1 : 1;
      }
      return a.lotNo.localeCompare(b.lotNo);
    });
  const picks: LotPick[] = [];
  let left = quantity;
  for (const lot of usable) {
    if (left <= 0) break;
    const take = Math.min(lot.available, left);
    picks.push({ lotId: lot.lotId, quantity: take });
    left -= take;
  }
  return { picks, short: left };
}

/** What can be sold of a variant: the sellable lots' stock less what orders hold. */
export function availableToSell(lots: readonly LotStock[], reserved: number, today: string): number {
  const sellable = lots.filter((lot) => lotProblem(lot, today) === null).reduce((sum, lot) => sum + Math.max(0, lot.available), 0);
  return Math.max(0, sellable - reserved);
}

/** Days from `today` to the expiry (negative once expired); null without an expiry. */
export function daysToExpiry(expiresOn: string | null, today: string): number | null {
  if (expiresOn === null) return null;
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The near-expiry filters of the stock view (30, 60, 90 days). */
export const EXPIRY_WINDOWS = [30, 60, 90] as const;
export type ExpiryWindow = (typeof EXPIRY_WINDOWS)[number];

/** Counted against the books (05-VT): surplus (thừa) or shortage (thiếu), in base units. */
export function countDifference(book: number, counted: number): { surplus: number; shortage: number; difference: number } {
  const difference = counted - book;
  return { difference, surplus: Math.max(0, difference), shortage: Math.max(0, -difference) };
}

/** One movement as a stock card lists it. */
export type CardMove = { at: string; quantity: number; value: number };

/** A stock card (thẻ kho): opening, then each movement with the balance after it, and the totals. */
export function stockCard(opening: StockLevel, moves: readonly CardMove[]) {
  let balance = { ...opening };
  let inQuantity = 0;
  let outQuantity = 0;
  let inValue = 0;
  let outValue = 0;
  const rows = moves.map((move) => {
    balance = { quantity: balance.quantity + move.quantity, value: balance.value + move.value };
    if (move.quantity >= 0) {
      inQuantity += move.quantity;
      inValue += move.value;
    } else {
      outQuantity -= move.quantity;
      outValue -= move.value;
    }
    return { ...move, balance: { ...balance } };
  });
  return { opening, rows, in: { quantity: inQuantity, value: inValue }, out: { quantity: outQuantity, value: outValue }, closing: balance };
}

/** Base units of a quantity typed in a unit (hộp of 100 viên): whole numbers only. */
export function baseQuantity(quantity: number, factor: number): number {
  return quantity * factor;
}
