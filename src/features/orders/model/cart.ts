/**
 * The cart: the order being taken, kept in Dexie so it survives reloads and app restarts. Adding
 * the same variant in the same unit again adds to its quantity instead of making a second line.
 */
import { uuidv7 } from '@contract/uuid';
import type { AppDb, CartLine, CartRow } from '@/db/app-db';

export function cartKey(companyId: number, accountId: number): string {
  return `${companyId}:${accountId}`;
}

export function emptyCart(companyId: number, accountId: number): CartRow {
  return {
    key: cartKey(companyId, accountId),
    companyId,
    accountId,
    orderId: null,
    customerId: null,
    visitId: null,
    lines: [],
    note: '',
    deliveryDate: null,
    updatedAt: new Date().toISOString(),
  };
}

export async function readCart(db: AppDb, companyId: number, accountId: number): Promise<CartRow> {
  return (await db.carts.get(cartKey(companyId, accountId))) ?? emptyCart(companyId, accountId);
}

export async function writeCart(db: AppDb, cart: CartRow): Promise<CartRow> {
  const saved = { ...cart, updatedAt: new Date().toISOString() };
  await db.carts.put(saved);
  return saved;
}

export function addLine(cart: CartRow, line: Omit<CartLine, 'lineId'>): CartRow {
  const same = cart.lines.find(
    (existing) => existing.variantId === line.variantId && existing.unit.toLowerCase() === line.unit.toLowerCase(),
  );
  if (same) {
    return {
      ...cart,
      lines: cart.lines.map((existing) =>
        existing === same ? { ...existing, quantity: existing.quantity + line.quantity, unitPrice: line.unitPrice } : existing,
      ),
    };
  }
  return { ...cart, lines: [...cart.lines, { ...line, lineId: uuidv7() }] };
}

export function updateLine(cart: CartRow, lineId: string, patch: Partial<Omit<CartLine, 'lineId'>>): CartRow {
  return { ...cart, lines: cart.lines.map((line) => (line.lineId === lineId ? { ...line, ...patch } : line)) };
}

export function removeLine(cart: CartRow, lineId: string): CartRow {
  return { ...cart, lines: cart.lines.filter((line) => line.lineId !== lineId) };
}

/** Something worth asking about before leaving the screen. */
export function isCartDirty(cart: CartRow): boolean {
  return cart.lines.length > 0 || cart.customerId !== null || cart.note.trim() !== '' || cart.deliveryDate !== null;
}

/**
 * The order is for another customer: lines stay (they are re-priced for the new customer), but a
 * raise accepted for the previous customer no longer stands. The visit is the one the rep is at, if
 * it is this customer's.
 */
export function setCartCustomer(cart: CartRow, customerId: string | null, visitId: string | null): CartRow {
  if (cart.customerId === customerId && cart.visitId === visitId) return cart;
  const changed = cart.customerId !== customerId;
  return {
    ...cart,
    customerId,
    visitId,
    lines: changed ? cart.lines.map((line) => (line.confirmedPrice ? { ...line, confirmedPrice: null } : line)) : cart.lines,
  };
}

/**
 * Sell a line in another unit. The quantity stays as typed; an accepted raise was for the old unit
 * and is dropped. If the variant already has a line in that unit, the two become one.
 */
export function setLineUnit(cart: CartRow, lineId: string, unit: string): CartRow {
  const line = cart.lines.find((candidate) => candidate.lineId === lineId);
  if (!line || line.unit.toLowerCase() === unit.toLowerCase()) return cart;
  const twin = cart.lines.find(
    (candidate) =>
      candidate.lineId !== lineId && candidate.variantId === line.variantId && candidate.unit.toLowerCase() === unit.toLowerCase(),
  );
  if (twin) {
    return {
      ...cart,
      lines: cart.lines
        .filter((candidate) => candidate.lineId !== lineId)
        .map((candidate) => (candidate === twin ? { ...twin, quantity: twin.quantity + line.quantity } : candidate)),
    };
  }
  return updateLine(cart, lineId, { unit, confirmedPrice: null });
}

/** Keep each line's stored price equal to what the screen shows; the same cart when nothing moved. */
export function syncLinePrices(cart: CartRow, prices: ReadonlyMap<string, number>): CartRow {
  const moved = cart.lines.some((line) => prices.has(line.lineId) && prices.get(line.lineId) !== line.unitPrice);
  if (!moved) return cart;
  return {
    ...cart,
    lines: cart.lines.map((line) => {
      const price = prices.get(line.lineId);
      return price !== undefined && price !== line.unitPrice ? { ...line, unitPrice: price } : line;
    }),
  };
}

export async function clearCart(db: AppDb, companyId: number, accountId: number): Promise<void> {
  await db.carts.delete(cartKey(companyId, accountId));
}
