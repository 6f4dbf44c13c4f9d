/**
 * The cart on screen. The screen edits its own copy (typing never waits for IndexedDB) and every
 * change is written to Dexie at once, in order, so the order being taken survives a reload, a crash
 * or the app being closed. `saved` says whether the last change is on the device yet (the screen
 * says "Đang lưu…" until it is); `flush()` waits for the last write; after `close()` nothing more is
 * written (the cart was sent, and sending emptied it).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppDb, CartRow } from '@/db/app-db';
import { toast } from '@/ui/toast';
import { cartKey, emptyCart, readCart, writeCart } from '../model/cart';

export type CartStore = {
  cart: CartRow | null;
  /** The last change shown is written to IndexedDB (false while a write is still on its way). */
  saved: boolean;
  update: (change: (cart: CartRow) => CartRow) => void;
  flush: () => Promise<void>;
  /** Stop writing (while sending, and after the cart was sent). */
  close: () => void;
  /** Writing again (sending failed: the cart is still the rep's to edit). */
  open: () => void;
  /** Start again from what Dexie holds (after something else wrote it). */
  reload: () => Promise<void>;
};

export function useCartStore(db: AppDb, companyId: number, accountId: number): CartStore {
  const key = cartKey(companyId, accountId);
  // The cart shown belongs to the person and workspace it was read for.
  const [shown, setShown] = useState<CartRow | null>(null);
  const cart = shown?.key === key ? shown : null;
  const current = useRef<CartRow | null>(null);
  const writes = useRef<Promise<void>>(Promise.resolve());
  const closed = useRef(false);
  const changes = useRef(0);
  const [saved, setSaved] = useState(true);

  const reload = useCallback(async () => {
    await writes.current;
    const stored = await readCart(db, companyId, accountId).catch(() => emptyCart(companyId, accountId));
    current.current = stored;
    setShown(stored);
  }, [db, companyId, accountId]);

  useEffect(() => {
    let live = true;
    closed.current = false;
    current.current = null;
    void readCart(db, companyId, accountId)
      .catch(() => emptyCart(companyId, accountId))
      .then((stored) => {
        if (!live) return;
        current.current = stored;
        setShown(stored);
      });
    return () => {
      live = false;
    };
  }, [db, companyId, accountId]);

  const update = useCallback(
    (change: (cart: CartRow) => CartRow) => {
      const before = current.current;
      if (!before || closed.current) return;
      const next = change(before);
      if (next === before) return;
      current.current = next;
      setShown(next);
      const mine = ++changes.current;
      setSaved(false);
      writes.current = writes.current
        .then(async () => {
          if (closed.current) return;
          await writeCart(db, next);
          if (mine === changes.current) setSaved(true);
        })
        .catch((error: unknown) => {
          console.error('Cart write failed', error);
          toast.error('Không lưu được giỏ hàng trên máy. Vui lòng kiểm tra bộ nhớ của thiết bị.');
        });
    },
    [db],
  );

  const flush = useCallback(() => writes.current, []);
  const close = useCallback(() => {
    closed.current = true;
  }, []);
  const open = useCallback(() => {
    closed.current = false;
  }, []);

  return { cart, saved, update, flush, close, open, reload };
}
