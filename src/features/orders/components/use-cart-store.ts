/**
 * The cart on screen: the order being taken, kept on the device as it is edited
 * (src/db/use-device-draft.ts), so it survives a reload, a crash or the app being closed.
 */
import type { AppDb, CartRow } from '@/db/app-db';
import { useDeviceDraft, type DeviceDraft } from '@/db/use-device-draft';
import { toast } from '@/ui/toast';
import { cartKey, emptyCart, readCart, writeCart } from '../model/cart';

export type CartStore = Omit<DeviceDraft<CartRow>, 'value'> & { cart: CartRow | null };

export function useCartStore(db: AppDb, companyId: number, accountId: number): CartStore {
  const { value, ...store } = useDeviceDraft(cartKey(companyId, accountId), {
    read: () => readCart(db, companyId, accountId).catch(() => emptyCart(companyId, accountId)),
    write: (cart) => writeCart(db, cart),
    failed: (error) => {
      console.error('Cart write failed', error);
      toast.error('Không lưu được giỏ hàng trên máy. Vui lòng kiểm tra bộ nhớ của thiết bị.');
    },
  });
  return { cart: value, ...store };
}
