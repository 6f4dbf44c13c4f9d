/**
 * Order types (product-spec.md §7 "Order type API": type_list, insert_or_update_type,
 * using_type_for_user; "Order": getlisttypeadd): how a company sorts its orders (bán lẻ, bán sỉ,
 * đổi trả …) and which members may take which. The phone holds the company's types (entity
 * `order_type` of contract/orders.ts ordersSync) and offers the ones `usableOrderTypes` allows; the
 * server decides again when the order arrives (docs/orders-types.md).
 */
import * as v from 'valibot';
import type { FeatureFlags } from './company-switches';
import { bodyObject, companyBodyField, companyQueryField, idField, optionalText, requiredText } from './validation';

export type OrderTypeRecord = {
  id: number;
  company: number;
  /** Short and unique in the company (BL, BS, DT), shown in lists and exports. */
  code: string;
  name: string;
  description: string | null;
  /** Priced at wholesale prices (giá bán sỉ): needs the company's WHOLESALE switch. */
  wholesale: boolean;
  /** What an order gets when the rep does not choose (and what phones of older builds send). */
  is_default: boolean;
  is_active: boolean;
  /** Every member may use it; otherwise only `account_ids`. */
  everyone: boolean;
  account_ids: number[];
  sort: number;
  updated_at: string;
};

/** The types a company starts with (created the first time its types are read). */
export const DEFAULT_ORDER_TYPES: readonly Pick<OrderTypeRecord, 'code' | 'name' | 'description' | 'wholesale' | 'is_default'>[] = [
  {
    code: 'BL',
    name: 'Bán lẻ',
    description: 'Đơn bán theo giá bán lẻ hoặc chính sách giá của khách hàng',
    wholesale: false,
    is_default: true,
  },
  { code: 'BS', name: 'Bán sỉ', description: 'Đơn bán theo giá bán sỉ (cần bật chức năng Bán sỉ)', wholesale: true, is_default: false },
  { code: 'DT', name: 'Đổi trả', description: 'Đơn đổi hàng hoặc nhận lại hàng của khách', wholesale: false, is_default: false },
];

/** Why a member may not take an order of this type, or null when they may. */
export function orderTypeRefusal(type: OrderTypeRecord, accountId: number, flags: FeatureFlags): string | null {
  if (!type.is_active) return `Loại đơn hàng "${type.name}" đã ngừng sử dụng`;
  if (type.wholesale && flags.WHOLESALE !== true) return `Loại đơn hàng "${type.name}" cần bật chức năng Bán sỉ`;
  if (!type.everyone && !type.account_ids.includes(accountId)) return `Bạn không được phép tạo đơn hàng loại "${type.name}"`;
  return null;
}

/** The types a member may choose on the order screen, default first, then by the company's order. */
export function usableOrderTypes(types: readonly OrderTypeRecord[], accountId: number, flags: FeatureFlags): OrderTypeRecord[] {
  return types
    .filter((type) => orderTypeRefusal(type, accountId, flags) === null)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.sort - b.sort || a.id - b.id);
}

/** The type an order gets when none was chosen: the default one if the member may use it, else their first. */
export function defaultOrderType(types: readonly OrderTypeRecord[], accountId: number, flags: FeatureFlags): OrderTypeRecord | null {
  return usableOrderTypes(types, accountId, flags)[0] ?? null;
}

const accountIds = v.optional(
  v.pipe(
    v.array(idField('nhân viên'), 'Danh sách nhân viên không hợp lệ'),
    v.maxLength(5000, 'Tối đa 5000 nhân viên'),
    v.transform((list) => [...new Set(list)]),
  ),
  [],
);

/** insert_or_update_type/: a new type without `id`, a change of one with it. */
export const OrderTypeInputSchema = bodyObject({
  company: companyBodyField,
  id: v.optional(v.nullable(idField('loại đơn hàng')), null),
  code: v.pipe(
    requiredText('mã loại đơn', 10),
    v.toUpperCase(),
    v.regex(/^[A-Z0-9_-]+$/, 'Mã loại đơn chỉ gồm chữ cái không dấu, chữ số, "-" và "_"'),
  ),
  name: requiredText('tên loại đơn', 100),
  description: optionalText('mô tả', 500),
  wholesale: v.optional(v.boolean('Giá bán sỉ phải là đúng hoặc sai'), false),
  is_default: v.optional(v.boolean('Mặc định phải là đúng hoặc sai'), false),
  is_active: v.optional(v.boolean('Trạng thái phải là đúng hoặc sai'), true),
  everyone: v.optional(v.boolean('Phạm vi áp dụng không hợp lệ'), true),
  account_ids: accountIds,
  sort: v.optional(
    v.pipe(
      v.number('Thứ tự phải là số'),
      v.integer('Thứ tự phải là số nguyên'),
      v.minValue(0, 'Thứ tự không được âm'),
      v.maxValue(1000, 'Thứ tự tối đa 1000'),
    ),
    0,
  ),
});
export type OrderTypeInput = v.InferOutput<typeof OrderTypeInputSchema>;

/** using_type_for_user/: the types one member may use (every other type stops allowing them by name). */
export const UsingTypeForUserSchema = bodyObject({
  company: companyBodyField,
  account: idField('nhân viên'),
  type_ids: v.pipe(
    v.array(idField('loại đơn hàng'), 'Danh sách loại đơn hàng không hợp lệ'),
    v.maxLength(100, 'Tối đa 100 loại đơn hàng'),
    v.transform((list) => [...new Set(list)]),
  ),
});

export const UserTypesQuery = v.object({ company: companyQueryField, account: idField('nhân viên') });

/** What using_type_for_user/ answers for one member. */
export type UserOrderTypes = { account: number; type_ids: number[]; types: OrderTypeRecord[] };

export const orderTypePaths = {
  list: '/service/api/type_list/',
  save: '/service/api/insert_or_update_type/',
  forUser: '/service/api/using_type_for_user/',
  usable: '/order/api/getlisttypeadd/',
} as const;
