/**
 * The warehouse a person works in (product-spec.md §3 "Warehouse: active warehouse, initially
 * empty"), per company, kept on this device: orders taken here reserve and ship from it, the stock
 * view and receipts open on it. Empty means the company's default warehouse (and it always is with
 * the WAREHOUSE service off).
 */
import { useSyncExternalStore } from 'react';

const KEY = (companyId: number, accountId: number) => `activeWarehouse:${companyId}:${accountId}`;
const listeners = new Set<() => void>();

export function getActiveWarehouse(companyId: number, accountId: number): number | null {
  try {
    const raw = localStorage.getItem(KEY(companyId, accountId));
    const id = raw ? Number(raw) : NaN;
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

export function setActiveWarehouse(companyId: number, accountId: number, warehouseId: number | null): void {
  if (warehouseId === null) localStorage.removeItem(KEY(companyId, accountId));
  else localStorage.setItem(KEY(companyId, accountId), String(warehouseId));
  for (const listener of listeners) listener();
}

export function useActiveWarehouse(companyId: number, accountId: number): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => getActiveWarehouse(companyId, accountId),
  );
}
