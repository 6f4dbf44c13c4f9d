/** Who signed-out people can call, shown beside the sign-in form (and in its HTML frame, server/login-shell.ts). */
export const HELP_DESK = { phone: '1900 6868', email: 'hotro@salesfield.vn', hours: '8:00 – 17:30, Thứ Hai – Thứ Bảy' };

export const PRODUCT_TAGLINE = 'Quản lý đơn hàng, khách hàng và đội ngũ bán hàng – cả khi không có mạng.';
