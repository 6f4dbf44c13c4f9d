/**
 * The cart: the order being taken, kept in Dexie so it survives reloads and app restarts. Adding
 * the same variant in the same unit again adds to its quantity instead of making a second line.
 */
import { uuidv7 } from '../../../../contract/uuid';
import type { AppDb, CartLine, CartRow } from '../../../db/app-db';

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
  return cart.lines.length > 0 || cart.customerId !== null || cart.note.trim() !== '';
}

export async function clearCart(db: AppDb, companyId: number, accountId: number): Promise<void> {
  await db.carts.delete(cartKey(companyId, accountId));
}
