/**
 * What the simulated GHTK refuses, in GHTK's own error envelope and words: the error table of its
 * OpenAPI document (HTTP status, error_code, message; ./fixtures/create-order.json, cancel.json,
 * fee.json, label.json hold the rows with their sources).
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** HTTP status, GHTK's error_code (none where its table says "Updating .."), message. */
export type Refusal = [ContentfulStatusCode, string | null, string];

export const ghtkError = (code: string | null, message: string) => ({
  success: false,
  message,
  ...(code ? { error_code: code } : {}),
  log_id: `sim-${Date.now().toString(36)}`,
});

/** "2016-10-31 22:32:08": a time as GHTK writes it, Vietnam time. */
export function vietnamTime(at: Date): string {
  return new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** The fee call's table (section 6): each required name, in GHTK's order. */
export function feeRefusal(query: Record<string, string>): Refusal | null {
  for (const name of ['district', 'province', 'pick_district', 'pick_province']) {
    if (blank(query[name])) return [422, null, `Xin hãy gửi trường ${name}.`];
  }
  return null;
}

/** GHTK's simulated ceiling for COD (its table names the error, 30607, not the amount). */
const COD_LIMIT = 20_000_000;
const digits = (value: unknown) => String(value ?? '').replace(/\D/g, '');

/** The create call's table (section 3), the rows a request can break, in the table's order. */
export function createRefusal(order: Record<string, unknown> | null): Refusal | null {
  if (!order) return [422, '30101', 'Thiếu thông tin đơn hàng'];
  const id = String(order.id ?? '');
  const rows: Array<[boolean, Refusal]> = [
    [id.length >= 250, [422, '30102', 'Trường order.id phải có độ dài dưới 250 kí tự.']],
    [!(Number(order.total_weight) > 0), [422, '30103', 'Đơn hàng chưa có khối lượng. Vui lòng kiểm tra lại.']],
    [
      !blank(order.transport) && !['road', 'fly'].includes(String(order.transport)),
      [422, '30104', 'Phương thức vận chuyển không hợp lệ, ban chỉ có thể chọn road(đường bộ) hoặc fly(đường bay).'],
    ],
    [!(Number(order.value) > 0), [422, '30110', 'Giá trị hàng hoá phải lớn hơn 0. Shop vui lòng kê khai chính xác giá trị hàng hoá.']],
    [!blank(order.pick_tel) && digits(order.pick_tel).length < 7, [422, '30201', 'Số điện thoại lấy hàng không hợp lệ.']],
    [
      !blank(order.tel) && digits(order.tel) === digits(order.pick_tel),
      [422, '30202', 'Số điện thoại lấy hàng trùng với số điện thoại nhận hàng.'],
    ],
    [blank(id), [422, '30203', 'Vui lòng nhập mã sản phẩm.']],
    [blank(order.pick_name), [422, '30204', 'Vui lòng nhập tên người gửi.']],
    [blank(order.pick_money), [422, '30205', 'Vui lòng nhập tiền CoD']],
    [blank(order.pick_address), [422, '30207', 'Vui lòng nhập địa chỉ lấy hàng hóa.']],
    [blank(order.pick_province), [422, '30208', 'Vui lòng nhập tên thành phố nơi lấy hàng hóa.']],
    [blank(order.pick_district), [422, '30209', 'Vui lòng nhập tên quận/huyện nơi lấy hàng hóa.']],
    [blank(order.pick_tel), [422, '30210', 'Vui lòng nhập điện thoại liên hệ nơi lấy hàng hóa.']],
    [!blank(order.tel) && digits(order.tel).length < 7, [422, '30301', 'Số điện thoại khách hàng không hợp lệ.']],
    [
      blank(order.hamlet) && blank(order.street),
      [422, '30302', `Đơn hàng có mã là ${id} thiếu thông tin địa chỉ thôn/ấp/xóm/tổ/…. Vui lòng kiểm tra lại.`],
    ],
    [blank(order.name), [422, '30303', 'Vui lòng nhập tên người nhận hàng hóa.']],
    [blank(order.address), [422, '30304', 'Vui lòng nhập địa chỉ chi tiết của người nhận hàng hóa.']],
    [blank(order.province), [422, '30305', 'Vui lòng nhập tên tỉnh/thành phố của người nhận hàng hóa.']],
    [blank(order.district), [422, '30306', 'Vui lòng nhập tên quận/huyện của người nhận hàng hóa.']],
    [blank(order.tel), [422, '30307', 'Vui lòng nhập số điện thoại người nhận hàng hóa.']],
    [
      Number(order.pick_money ?? 0) > COD_LIMIT,
      [400, '30607', 'GHTK chưa hỗ trợ giao hàng đơn có số tiền CoD lớn hơn 20.000.000đ. Mong quý khách thông cảm!.'],
    ],
  ];
  return rows.find(([broken]) => broken)?.[1] ?? null;
}

/** The cancel call's table (section 5) by the shipment's status; null when it may be cancelled (1, 2, 12). */
export function cancelRefusal(status: string | null): Refusal | null {
  if (status === null) return [400, '50109', 'Không tìm thấy vận đơn trên hệ thống'];
  const refused: Record<string, Refusal> = {
    '-1': [200, '50101', 'Đơn hàng đã ở trạng thái hủy'],
    '3': [200, '50102', 'Đơn đã lấy hàng, không thể hủy đơn.'],
    '4': [200, '50103', 'Đơn đã điều phối giao hàng/đang giao hàng, không thể hủy đơn.'],
    '5': [200, '50104', 'Đơn đã giao hàng/chưa đối soát, không thể hủy đơn.'],
    '6': [200, '50105', 'Đơn đã đối soát, không thể hủy đơn.'],
  };
  if (['1', '2', '12'].includes(status)) return null;
  return refused[status] ?? [200, '50107', 'Không thể hủy đơn hàng.'];
}
