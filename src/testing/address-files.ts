/** Tests read the committed offline files (public/address/) directly instead of fetching them. */
import { type AddressData, createAddressData } from '@/ui/address/address-data';

const files = import.meta.glob<unknown>('/public/address/*.json', { eager: true, import: 'default' });

export function fileAddressData(options: { unavailable?: (name: string) => boolean } = {}): AddressData {
  return createAddressData(async (name) => {
    const file = files[`/public/address/${name}`];
    if (file === undefined || options.unavailable?.(name)) throw new TypeError('Failed to fetch');
    return file;
  });
}
