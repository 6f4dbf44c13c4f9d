/**
 * A carrier's own step as the office reads it in a delivery's journey: GHN reports steps by name
 * (ready_to_pick, storing…), finer than the app's statuses (contract/delivery-status.ts
 * GHN_STATUS_MAP), named here after GHN's order status list; GHTK and Viettel Post send numbers,
 * which stay as the carrier's code for the support call.
 */
import type { Carrier } from '@contract/delivery';

const GHN_STEPS: Record<string, string> = {
  ready_to_pick: 'Chờ lấy hàng',
  picking: 'Đang lấy hàng',
  money_collect_picking: 'Đang thu tiền khi lấy hàng',
  picked: 'Đã lấy hàng',
  storing: 'Hàng đã nhập kho',
  transporting: 'Đang luân chuyển',
  sorting: 'Đang phân loại',
  delivering: 'Đang giao hàng',
  money_collect_delivering: 'Đang thu tiền khi giao',
  delivered: 'Giao thành công',
  delivery_fail: 'Giao không thành công',
  waiting_to_return: 'Chờ trả hàng',
  return: 'Trả hàng',
  return_transporting: 'Đang luân chuyển hàng trả',
  return_sorting: 'Đang phân loại hàng trả',
  returning: 'Đang trả hàng',
  return_fail: 'Trả hàng không thành công',
  returned: 'Đã trả hàng',
  cancel: 'Hãng đã hủy đơn',
  exception: 'Đơn gặp ngoại lệ',
  lost: 'Hàng thất lạc',
  damage: 'Hàng hư hỏng',
};

/** What the carrier said, in Vietnamese when known ("Hàng đã nhập kho"), else its code ("mã hãng 123"). */
export function carrierStepText(carrier: Carrier, code: string | null): string | null {
  if (!code) return null;
  const step = carrier === 'ghn' ? GHN_STEPS[code] : undefined;
  return step ?? `mã hãng ${code}`;
}
