/**
 * Zalo OA messaging (product-spec.md §7 "Messaging integration (/zalo-oa)"; docs/messaging.md): the
 * calls zalo-oas, templates, followers, messages, conversations, send-multiple and submit-new-oa,
 * what they carry, and their input rules. Every call needs the company's ZALO switch.
 * ZNS templates live in ./messaging-templates.ts (re-exported here), send-to-many in ./messaging-campaigns.ts; the rules both sides run (the 7-day window,
 * template data bound to order and customer fields) in ./messaging-rules.ts.
 */
import * as v from 'valibot';
import { phoneField } from './phone';
export * from './messaging-templates';
import {
  bodyObject,
  companyBodyField,
  companyQueryField,
  idField,
  isoInstantField,
  optionalText,
  pagingFields,
  requiredText,
  uuidField,
} from './validation';

export const ZALO_SWITCH = 'ZALO' as const;

export const messagingPaths = {
  /** GET the company's OAs; POST starts connecting one (OAuth v4 with PKCE): answers the consent address. */
  oas: '/zalo-oa/zalo-oas/',
  /** GET one OA with its ZNS quota; PUT its label, webhook key and order-event messages; DELETE disconnects it. */
  oa: (id: number | string) => `/zalo-oa/zalo-oas/${id}/`,
  /** Zalo sends the browser back here after consent (no sign-in: the state names the company). */
  oauthCallback: '/zalo-oa/zalo-oas/callback/',
  /** GET the requests to register a new OA; POST one. */
  newOa: '/zalo-oa/submit-new-oa/',
  followers: '/zalo-oa/followers/',
  follower: (id: number | string) => `/zalo-oa/followers/${id}/`,
  /** POST {company, oa}: page through Zalo's follower list in the background. */
  followersSync: '/zalo-oa/followers/sync/',
  templates: '/zalo-oa/templates/',
  template: (id: number | string) => `/zalo-oa/templates/${id}/`,
  /** GET a template's data bound to an order or a customer. */
  templatePreview: (id: number | string) => `/zalo-oa/templates/${id}/preview/`,
  templatesSync: '/zalo-oa/templates/sync/',
  /** GET sent and received messages; POST sends one (customer-service text, or ZNS by phone). */
  messages: '/zalo-oa/messages/',
  conversations: '/zalo-oa/conversations/',
  conversation: (id: number | string) => `/zalo-oa/conversations/${id}/`,
  /** Zalo's webhook (user_send_*, follow, unfollow): signature checked, kept once, processed after the answer. */
  webhook: '/zalo-oa/webhook/',
  campaigns: '/zalo-oa/send-multiple/',
  campaign: (id: number | string) => `/zalo-oa/send-multiple/${id}/`,
  campaignRecipients: (id: number | string) => `/zalo-oa/send-multiple/${id}/recipients/`,
  campaignRetry: (id: number | string) => `/zalo-oa/send-multiple/${id}/retry/`,
  campaignCancel: (id: number | string) => `/zalo-oa/send-multiple/${id}/cancel/`,
  /** POST a campaign's recipients without creating it: how many, and a few of them. */
  campaignAudience: '/zalo-oa/send-multiple/audience/',
} as const;

// ---- OAs ---------------------------------------------------------------------------------------

export const OA_ENVIRONMENTS = ['production', 'sandbox', 'simulator'] as const;
export type OaEnvironment = (typeof OA_ENVIRONMENTS)[number];
export const OA_ENVIRONMENT_LABELS: Record<OaEnvironment, string> = {
  production: 'Zalo (thật)',
  sandbox: 'Zalo, ZNS chế độ phát triển (chỉ gửi tới quản trị viên OA)',
  simulator: 'Trình giả lập (dùng thử, không gửi tin thật)',
};

export const OA_STATUS_LABELS = {
  connected: 'Đang kết nối',
  needs_reconnect: 'Cần kết nối lại',
  error: 'Lỗi kết nối',
  disconnected: 'Đã ngắt kết nối',
} as const;
export type OaStatus = keyof typeof OA_STATUS_LABELS;

export const ORDER_EVENTS = ['confirmed', 'delivering', 'delivered'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];
export const ORDER_EVENT_LABELS: Record<OrderEvent, string> = {
  confirmed: 'Đơn hàng được xác nhận',
  delivering: 'Đơn hàng đang giao',
  delivered: 'Đơn hàng đã giao',
};
/** Per event, the template row sent to the order's customer (absent or null: no message). */
export type OrderEventSettings = Partial<Record<OrderEvent, number | null>>;

export type FollowerSyncState = 'idle' | 'running' | 'done' | 'failed';

export type OaRecord = {
  id: number;
  oa_id: string;
  app_id: string;
  name: string;
  label: string;
  avatar: string | null;
  environment: OaEnvironment;
  status: OaStatus;
  status_message: string | null;
  access_expires_at: string | null;
  refresh_expires_at: string | null;
  /** "••••1234" for each secret that is set: the secrets themselves never leave the server. */
  secret_hints: Record<string, string | null>;
  follower_count: number;
  linked_count: number;
  template_count: number;
  sync: { state: FollowerSyncState; done: number; total: number; error: string | null; synced_at: string | null };
  order_events: OrderEventSettings;
  /** Where Zalo must send this OA's events (set it in the Zalo app's webhook settings). */
  webhook_url: string;
  created_at: string;
};

export type OaQuota = { daily: number; remaining: number } | null;
export type OaDetail = OaRecord & { quota: OaQuota; quota_error: string | null };

const appIdField = v.pipe(
  v.string('App ID không hợp lệ'),
  v.trim(),
  v.nonEmpty('Vui lòng nhập App ID'),
  v.regex(/^\d{6,25}$/, 'App ID gồm 6–25 chữ số'),
);
const secretField = (label: string) =>
  v.optional(
    v.pipe(
      v.string(`${label} không hợp lệ`),
      v.trim(),
      v.maxLength(200, `${label} không được dài quá 200 ký tự`),
      v.transform((value) => (value === '' ? undefined : value)),
    ),
  );

/** Start connecting an OA; on a reconnect (`oa`) blank secrets keep the stored ones. */
export const OaConnectSchema = bodyObject({
  company: companyBodyField,
  oa: v.optional(idField('OA')),
  label: optionalText('tên hiển thị', 100),
  environment: v.picklist(OA_ENVIRONMENTS, 'Môi trường không hợp lệ'),
  app_id: appIdField,
  app_secret: secretField('Khóa bí mật ứng dụng'),
  oa_secret_key: secretField('Khóa bí mật OA (webhook)'),
});
export type OaConnectInput = v.InferOutput<typeof OaConnectSchema>;
export type OaConnectAnswer = { authorize_url: string; state: string };

const templateRowField = v.optional(v.nullable(idField('mẫu ZNS')), null);
export const OaUpdateSchema = bodyObject({
  company: companyBodyField,
  label: optionalText('tên hiển thị', 100),
  oa_secret_key: secretField('Khóa bí mật OA (webhook)'),
  order_events: v.optional(
    v.object(
      { confirmed: templateRowField, delivering: templateRowField, delivered: templateRowField },
      'Cài đặt tin theo đơn hàng không hợp lệ',
    ),
  ),
});

export const CompanyQuery = v.object({ company: companyQueryField });
export const OaBody = bodyObject({ company: companyBodyField, oa: idField('OA') });

// ---- submit-new-oa ---------------------------------------------------------------------------------

export const OA_SECTORS = ['Dược phẩm, y tế', 'Bán lẻ', 'Phân phối, bán sỉ', 'Dịch vụ', 'Khác'] as const;
export const NewOaRequestSchema = bodyObject({
  company: companyBodyField,
  name: requiredText('tên OA', 100),
  sector: v.picklist(OA_SECTORS, 'Vui lòng chọn lĩnh vực'),
  phone: phoneField,
  email: v.pipe(
    optionalText('email', 120),
    v.check((value) => value === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Email không hợp lệ'),
  ),
  address: optionalText('địa chỉ', 255),
  note: optionalText('ghi chú', 1000),
});
export type NewOaRequestRecord = {
  id: number;
  name: string;
  sector: string;
  phone: string;
  email: string | null;
  address: string | null;
  note: string | null;
  status: 'submitted';
  created_by: string | null;
  created_at: string;
};

// ---- Followers -----------------------------------------------------------------------------------

export const FOLLOWER_LINKS = ['linked', 'suggested', 'unlinked'] as const;
export type FollowerLinkFilter = (typeof FOLLOWER_LINKS)[number];

export const FollowerListQuery = v.object({
  company: companyQueryField,
  oa: idField('OA'),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa không được dài quá 100 ký tự'))),
  link: v.optional(v.picklist(FOLLOWER_LINKS, 'Bộ lọc liên kết không hợp lệ')),
  ...pagingFields(100),
});

export type CustomerBrief = { id: string; code: string; name: string; phone: string | null };

export type FollowerRecord = {
  id: number;
  oa: number;
  user_id: string;
  display_name: string;
  avatar: string | null;
  phone: string | null;
  tags: string[];
  is_follower: boolean;
  last_interaction_at: string | null;
  customer: CustomerBrief | null;
  /** Customers of the company with the follower's phone, when it is not linked yet. */
  suggestions: CustomerBrief[];
  conversation: number | null;
};

/** Link a follower to a customer (confirming a suggestion, or any customer), or unlink with null. */
export const FollowerLinkSchema = bodyObject({
  company: companyBodyField,
  customer: v.nullable(uuidField('Khách hàng')),
});

// ---- Messages and conversations --------------------------------------------------------------------

export const MESSAGE_STATUS_LABELS = { waiting: 'Đang chờ gửi', sent: 'Đã gửi', failed: 'Gửi lỗi', received: 'Đã nhận' } as const;
export type MessageStatus = keyof typeof MESSAGE_STATUS_LABELS;

export type MessageRecord = {
  id: string;
  oa: number;
  conversation: number | null;
  direction: 'in' | 'out';
  kind: string;
  text: string;
  user_id: string | null;
  phone: string | null;
  template: { id: number; name: string } | null;
  template_data: Record<string, string> | null;
  origin: string;
  status: MessageStatus;
  error: string | null;
  error_code: string | null;
  sent_by: string | null;
  at: string;
};

const textMessage = v.pipe(
  v.string('Nội dung tin nhắn không hợp lệ'),
  v.trim(),
  v.nonEmpty('Vui lòng nhập nội dung tin nhắn'),
  v.maxLength(2000, 'Tin nhắn tư vấn tối đa 2000 ký tự'),
);
const templateDataSchema = v.pipe(
  v.record(
    v.pipe(v.string(), v.maxLength(60, 'Tên tham số không hợp lệ')),
    v.pipe(v.string('Giá trị tham số phải là chuỗi ký tự'), v.maxLength(500, 'Giá trị tham số tối đa 500 ký tự')),
    'Dữ liệu mẫu không hợp lệ',
  ),
  v.check((value) => Object.keys(value).length <= 40, 'Mẫu có tối đa 40 tham số'),
);

/**
 * Send one message. `id` is the client's id for it (a double click or a resend is the same
 * message). A customer-service text goes to a conversation inside the 7-day window; a ZNS goes to
 * a phone with a template, its data given or bound from an order or a customer.
 */
export const SendMessageSchema = v.variant(
  'kind',
  [
    v.pipe(
      bodyObject({
        kind: v.literal('cs'),
        id: uuidField('Mã tin nhắn'),
        company: companyBodyField,
        /** A reply in a conversation, or a first message to a follower (its conversation is opened). */
        conversation: v.optional(idField('hội thoại')),
        follower: v.optional(idField('người quan tâm')),
        text: textMessage,
      }),
      v.check((input) => (input.conversation === undefined) !== (input.follower === undefined), 'Vui lòng chọn hội thoại hoặc người nhận'),
    ),
    bodyObject({
      kind: v.literal('zns'),
      id: uuidField('Mã tin nhắn'),
      company: companyBodyField,
      oa: idField('OA'),
      template: idField('mẫu ZNS'),
      phone: phoneField,
      template_data: v.optional(templateDataSchema),
      order: v.optional(uuidField('Đơn hàng')),
      customer: v.optional(uuidField('Khách hàng')),
    }),
  ],
  'Loại tin nhắn không hợp lệ',
);
export type SendMessageInput = v.InferOutput<typeof SendMessageSchema>;

export const MessageListQuery = v.object({
  company: companyQueryField,
  oa: v.optional(idField('OA')),
  conversation: v.optional(idField('hội thoại')),
  kind: v.optional(v.picklist(['cs', 'zns', 'in'], 'Loại tin nhắn không hợp lệ')),
  /** Only messages after this one (the inbox asks for what is new since its last look). */
  after: v.optional(isoInstantField('Thời điểm')),
  ...pagingFields(200),
});

export type ConversationRecord = {
  id: number;
  oa: number;
  user_id: string;
  display_name: string;
  avatar: string | null;
  last_message_at: string;
  last_message_text: string;
  last_user_at: string | null;
  unread: number;
  follower: number | null;
  customer: CustomerBrief | null;
  /** Whether a customer-service message may be sent now (messaging-rules.ts csWindow). */
  window_open: boolean;
  window_closes_at: string | null;
};

export const ConversationListQuery = v.object({
  company: companyQueryField,
  oa: v.optional(idField('OA')),
  search: v.optional(v.pipe(v.string(), v.maxLength(100, 'Từ khóa không được dài quá 100 ký tự'))),
  unread: v.optional(v.picklist(['1'], 'Bộ lọc không hợp lệ')),
  ...pagingFields(100),
});
/** The inbox's `bonus`: unread messages over all the company's conversations. */
export type ConversationBonus = { unread_total: number };

export const ConversationReadSchema = bodyObject({ company: companyBodyField });
