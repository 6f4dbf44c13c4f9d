/**
 * What the AMIS simulator checks before it makes a voucher: the customer, goods, warehouses and
 * accounts it names exist in the company's dictionary, and its totals add up; AMIS says why it
 * refuses in Vietnamese, which the app shows the accountant.
 */

/**
 * get_dictionary's data_type (third-party clients: 1 đối tượng, 2 vật tư hàng hóa, 3 kho, 4 đơn vị
 * tính — the simulator keeps no units, so 4 lists none) and save_dictionary's own per-item
 * dictionary_type (1 đối tượng, 3 vật tư, 5 kho); the item's fields are `<type>_code` / `<type>_name`
 * (simulators/amis/fixtures/get-dictionary.json, save-dictionary.json). The chart of accounts is
 * the simulator's own, for checking vouchers: no source gives it a dictionary type.
 */
export const DICTIONARY_TYPES = { 1: 'account_object', 2: 'inventory_item', 3: 'stock' } as const;
export const SAVE_TYPES = { 1: 'account_object', 3: 'inventory_item', 5: 'stock' } as const;
export type DictionaryType = (typeof DICTIONARY_TYPES)[keyof typeof DICTIONARY_TYPES] | 'account';

export type SimVoucher = {
  org_refid: string;
  voucher_type: number;
  voucher_no: string;
  account_object_code: string;
  total_amount: number;
  [key: string]: unknown;
};

/** The accounts (Thông tư 99/2025, as Thông tư 200 numbered them) a sales or purchase voucher uses. */
const ACCOUNTS: [string, string][] = [
  ['1111', 'Tiền Việt Nam'],
  ['1121', 'Tiền gửi ngân hàng'],
  ['131', 'Phải thu của khách hàng'],
  ['1331', 'Thuế GTGT được khấu trừ của hàng hóa, dịch vụ'],
  ['1561', 'Giá mua hàng hóa'],
  ['331', 'Phải trả cho người bán'],
  ['33311', 'Thuế GTGT đầu ra'],
  ['5111', 'Doanh thu bán hàng hóa'],
  ['632', 'Giá vốn hàng bán'],
];

export function startingDictionary(): Record<DictionaryType, Map<string, string>> {
  return { account_object: new Map(), inventory_item: new Map(), stock: new Map(), account: new Map(ACCOUNTS) };
}

type Json = Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN);
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Receipt vouchers (phiếu thu, thu tiền gửi): money from a customer, no goods on their lines. */
const MONEY_VOUCHERS = new Set([5, 6]);

export function checkVoucher(
  voucher: Json,
  dictionary: Record<DictionaryType, Map<string, string>>,
): { code: string; message: string } | null {
  const customer = str(voucher.account_object_code);
  // A sales voucher names its customer; an inward voucher may name only the deliverer.
  const money = MONEY_VOUCHERS.has(num(voucher.voucher_type));
  if ((customer || voucher.voucher_type === 13 || money) && !dictionary.account_object.has(customer))
    return { code: 'AccountObjectNotExist', message: `Đối tượng "${customer}" chưa có trong danh mục AMIS` };
  const details = Array.isArray(voucher.detail) ? (voucher.detail as Json[]) : [];
  if (details.length === 0) return { code: 'InvalidDetail', message: 'Chứng từ không có dòng chi tiết' };
  for (const line of details) {
    const item = str(line.inventory_item_code);
    if (!money && !dictionary.inventory_item.has(item))
      return { code: 'InventoryItemNotExist', message: `Vật tư hàng hóa "${item}" chưa có trong danh mục AMIS` };
    const stock = str(line.stock_code);
    if (stock && !dictionary.stock.has(stock)) return { code: 'StockNotExist', message: `Kho "${stock}" chưa có trong danh mục AMIS` };
    for (const key of ['debit_account', 'credit_account', 'vat_account']) {
      const account = str(line[key]);
      if (account && !dictionary.account.has(account))
        return { code: 'AccountNotExist', message: `Tài khoản "${account}" không có trong hệ thống tài khoản` };
    }
  }
  const sum = (key: string) => details.reduce((total, line) => total + (num(line[key]) || 0), 0);
  if (sum('amount') - sum('discount_amount') + sum('vat_amount') !== num(voucher.total_amount)) {
    return { code: 'InvalidTotalAmount', message: 'Tổng tiền chứng từ không khớp với chi tiết' };
  }
  return null;
}
