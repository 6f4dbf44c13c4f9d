/**
 * In-app notifications behind the header's bell (product-spec.md §3 hasIconBellHeader) and their
 * Web Push (docs/notifications.md): what waits on a person (approvals, requests) and what changed
 * for them (an order's status, a delivery's status).
 */
import * as v from 'valibot';
import { bodyObject, companyQueryField, idField, pagingFields } from './validation';

export const NOTIFICATION_KINDS = {
  join_request: 'Yêu cầu tham gia công ty',
  join_decision: 'Kết quả yêu cầu tham gia',
  discount_approval: 'Đơn chờ duyệt chiết khấu',
  role_request: 'Yêu cầu đổi vai trò',
  promotion_approval: 'Chương trình khuyến mãi chờ duyệt',
  order_status: 'Trạng thái đơn hàng',
  order_changed: 'Đơn được nhận với thay đổi',
  delivery_status: 'Trạng thái giao hàng',
  recall_notice: 'Thu hồi thuốc: báo khách hàng trả hàng',
  licence_expiry: 'Giấy phép của khách hàng sắp hết hạn',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/** Kinds that wait on the person until someone acts on them. */
export const WAITING_KINDS: readonly NotificationKind[] = [
  'join_request',
  'discount_approval',
  'role_request',
  'promotion_approval',
  'recall_notice',
];

export type NotificationRecord = {
  id: number;
  kind: NotificationKind;
  company: number | null;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read: boolean;
  /** A waiting item someone already acted on: kept in the list, no longer counted. */
  resolved: boolean;
};

export type UnreadCount = { count: number; latest_id: number | null };

/** What a push message carries to the service worker (sw/sw.ts shows it). */
export type PushPayload = { id: number; title: string; body: string; link: string | null; company: number | null };

export const NotificationListQuery = v.object({
  ...pagingFields(50),
  company: companyQueryField,
  unread: v.optional(v.picklist(['1', '0'], 'Bộ lọc không hợp lệ')),
});

export const UnreadQuery = v.object({ company: companyQueryField });

export const ReadAllSchema = bodyObject({ company: idField('công ty') });

const base64Url = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.regex(/^[A-Za-z0-9_-]+=*$/, `${label} không hợp lệ`),
    v.maxLength(max, `${label} không hợp lệ`),
  );

/**
 * The push services browsers subscribe with: an endpoint is an HTTPS URL on one of these hosts (or
 * a sub-domain), as each browser maker documents it. Anything else is a URL the server would call
 * on a user's word, so it is refused (docs/notifications.md, docs/security.md).
 */
export const PUSH_SERVICE_HOSTS = [
  { host: 'fcm.googleapis.com', browsers: 'Chrome, Chrome trên Android, Opera, Samsung Internet, Cốc Cốc' },
  { host: 'android.googleapis.com', browsers: 'Chrome (đăng ký cũ qua GCM)' },
  { host: 'updates.push.services.mozilla.com', browsers: 'Firefox' },
  { host: 'push.apple.com', browsers: 'Safari (macOS 13+, iOS 16.4+ khi cài lên màn hình chính)' },
  { host: 'notify.windows.com', browsers: 'Edge (Windows Push Notification Services)' },
] as const;

export const PUSH_ENDPOINT_INVALID = 'Địa chỉ nhận thông báo không hợp lệ';
export const PUSH_ENDPOINT_UNKNOWN = 'Địa chỉ nhận thông báo không thuộc dịch vụ thông báo của trình duyệt được hỗ trợ';

/** Why the server will not send to this endpoint, or null. `extraHosts`: hosts the settings add (a private push service, tests). */
export function pushEndpointProblem(endpoint: string, extraHosts: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return PUSH_ENDPOINT_INVALID;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return PUSH_ENDPOINT_INVALID;
  const host = url.hostname.toLowerCase();
  if (extraHosts.includes(host)) return null;
  return PUSH_SERVICE_HOSTS.some((service) => host === service.host || host.endsWith(`.${service.host}`)) ? null : PUSH_ENDPOINT_UNKNOWN;
}

/** PushSubscription.toJSON() as the browser gives it. */
export const PushSubscriptionSchema = bodyObject({
  endpoint: v.pipe(
    v.string(PUSH_ENDPOINT_INVALID),
    v.maxLength(1000, PUSH_ENDPOINT_INVALID),
    v.check((value) => /^https:\/\/[^\s]+$/.test(value), PUSH_ENDPOINT_INVALID),
  ),
  keys: v.object({ p256dh: base64Url('Khóa mã hóa', 200), auth: base64Url('Khóa xác thực', 100) }, 'Thiếu khóa của đăng ký nhận thông báo'),
});
export type PushSubscriptionInput = v.InferInput<typeof PushSubscriptionSchema>;

export const UnsubscribeSchema = bodyObject({ endpoint: v.pipe(v.string('Địa chỉ nhận thông báo không hợp lệ'), v.maxLength(1000)) });

export const ReadPath = v.object({ id: idField('thông báo') });

/** How often an open app asks for the unread count (docs/notifications.md "Arriving without a reload"). */
export const UNREAD_POLL_MS = 30_000;

export const notificationPaths = {
  /** GET ?company&page&limit&unread: the caller's notifications in a company, newest first. */
  list: '/notification/api/notification/',
  /** GET ?company: how many wait unread. */
  unread: '/notification/api/unread/',
  /** PUT: marks one read. */
  read: (id: number | string) => `/notification/api/notification/${id}/read/`,
  /** PUT {company}: marks all read. */
  readAll: '/notification/api/read-all/',
  /** GET: the server's VAPID public key (applicationServerKey). */
  pushKey: '/notification/api/push/key/',
  /** POST a subscription; DELETE {endpoint} to stop. */
  pushSubscription: '/notification/api/push/subscription/',
} as const;
