/**
 * The simulated Zalo world (docs/messaging.md "Simulator"): apps registered at Zalo's developer
 * console, the OAs their admin manages, each OA's users (followers and people who wrote to it),
 * ZNS templates, quotas and rate limits, and every message sent. The demo app and its OA are
 * fixed, so `npm start`'s demo connection (server/seed/demo-messaging.ts repeats these values:
 * simulators import nothing of the app's) works against a simulator started afresh.
 */

export const DEMO_APP = {
  appId: '2718281828459045',
  secret: 'ankhang-zalo-app-secret-demo',
  oaSecretKey: 'ankhang-oa-secret-key-demo',
  /** The demo connection's first refresh token, always accepted (the demo's seed holds it). */
  bootstrapRefreshToken: 'ankhang-demo-bootstrap-refresh-token',
} as const;
export const DEMO_OA_ID = '1900111222333444555';
export const SECOND_OA_ID = '1900999888777666555';

export type SimApp = { appId: string; secret: string; oaSecretKey: string; name: string; webhookUrl: string | null };

export type SimUser = {
  userId: string;
  displayName: string;
  avatar: string;
  phone: string | null;
  tags: string[];
  isFollower: boolean;
  lastInteractionAt: Date | null;
};

export type SimTemplateParam = { name: string; require: boolean; type: string; maxLength: number; minLength: number; acceptNull: boolean };
export type SimTemplate = {
  templateId: number;
  templateName: string;
  /** ENABLE | PENDING_REVIEW | REJECT | DISABLE (Zalo's words). */
  status: string;
  listParams: SimTemplateParam[];
  sample: Record<string, string>;
  tag: string;
  price: number;
  createdTime: number;
};

export type SimOa = {
  oaId: string;
  name: string;
  avatar: string;
  users: Map<string, SimUser>;
  templates: SimTemplate[];
  dailyQuota: number;
  usedQuota: number;
};

export type SimMessage = {
  msgId: string;
  oaId: string;
  /** cs: customer-service from the OA; zns: template by phone; user: written by the user. */
  kind: 'cs' | 'zns' | 'user';
  userId: string | null;
  phone: string | null;
  text: string;
  templateId: number | null;
  templateData: Record<string, string> | null;
  trackingId: string | null;
  at: string;
};

const param = (name: string, maxLength = 100, require = true): SimTemplateParam => ({
  name,
  require,
  type: 'STRING',
  maxLength,
  minLength: 0,
  acceptNull: !require,
});

export function demoTemplates(): SimTemplate[] {
  const created = Date.UTC(2026, 8, 1);
  return [
    {
      templateId: 310001,
      templateName: 'Xác nhận đơn hàng',
      status: 'ENABLE',
      listParams: [param('customer_name', 60), param('order_code', 30), param('order_date', 20), param('total', 30)],
      sample: { customer_name: 'Nhà thuốc Phúc An', order_code: 'DH000123', order_date: '01/10/2026', total: '1.250.000 ₫' },
      tag: 'TRANSACTION',
      price: 300,
      createdTime: created,
    },
    {
      templateId: 310002,
      templateName: 'Đơn hàng đang giao',
      status: 'ENABLE',
      listParams: [param('customer_name', 60), param('order_code', 30), param('delivery_date', 20, false)],
      sample: { customer_name: 'Nhà thuốc Phúc An', order_code: 'DH000123', delivery_date: '02/10/2026' },
      tag: 'TRANSACTION',
      price: 300,
      createdTime: created,
    },
    {
      templateId: 310003,
      templateName: 'Thông báo chương trình tháng',
      status: 'ENABLE',
      listParams: [param('customer_name', 60), param('company_name', 80)],
      sample: { customer_name: 'Nhà thuốc Phúc An', company_name: 'Công ty Dược phẩm An Khang' },
      tag: 'PROMOTION',
      price: 450,
      createdTime: created,
    },
    {
      templateId: 310004,
      templateName: 'Mã xác thực OTP',
      status: 'ENABLE',
      listParams: [param('otp', 10)],
      sample: { otp: '123456' },
      tag: 'OTP',
      price: 300,
      createdTime: created,
    },
    {
      templateId: 310005,
      templateName: 'Nhắc công nợ',
      status: 'PENDING_REVIEW',
      listParams: [param('customer_name', 60), param('amount', 30)],
      sample: { customer_name: 'Nhà thuốc Phúc An', amount: '3.000.000 ₫' },
      tag: 'TRANSACTION',
      price: 300,
      createdTime: created,
    },
    {
      templateId: 310006,
      templateName: 'Khuyến mãi cuối năm (cũ)',
      status: 'REJECT',
      listParams: [param('customer_name', 60)],
      sample: { customer_name: 'Nhà thuốc Phúc An' },
      tag: 'PROMOTION',
      price: 450,
      createdTime: created,
    },
  ];
}

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ'];
const GIVEN = ['Thị Mai', 'Văn Hùng', 'Thu Trang', 'Minh Tuấn', 'Ngọc Lan', 'Quốc Bảo', 'Thanh Hà', 'Đức Anh', 'Kim Oanh', 'Hải Yến'];

/**
 * The demo OA's people: five are owners of An Khang's demo pharmacies and shared their phone
 * (server/seed/demo-customers.ts), so linking by phone has something to suggest; the rest are
 * followers with or without a shared phone, some of whom last wrote more than 7 days ago.
 */
export function demoUsers(now: Date): SimUser[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const owners: [string, string, number][] = [
    ['Phạm Phúc An', '0909111222', 1],
    ['Đỗ Đức Hạnh', '0918333444', 3],
    ['Nguyễn Thị Xanh', '0937555666', 10],
    ['Vũ Thị Lan', '0912777888', 0],
    ['Hoàng Văn Đạt', '0988999000', 20],
  ];
  const users: SimUser[] = owners.map(([displayName, phone, days], index) => ({
    userId: `84${(7000000001 + index).toString()}`,
    displayName,
    avatar: `https://s120-ava-talk.zadn.vn/demo/${index + 1}.jpg`,
    phone,
    tags: ['Nhà thuốc'],
    isFollower: true,
    lastInteractionAt: daysAgo(days),
  }));
  for (let index = 0; index < 25; index += 1) {
    const withPhone = index % 3 !== 2;
    users.push({
      userId: `84${(7000000100 + index).toString()}`,
      displayName: `${FAMILY[index % FAMILY.length]} ${GIVEN[(index + Math.floor(index / FAMILY.length)) % GIVEN.length]}`,
      avatar: `https://s120-ava-talk.zadn.vn/demo/u${index + 1}.jpg`,
      phone: withPhone ? `09${(61000000 + index * 7919).toString().slice(0, 8)}` : null,
      tags: index % 4 === 0 ? ['Khách lẻ'] : [],
      isFollower: true,
      lastInteractionAt: index % 5 === 4 ? null : daysAgo(index % 12),
    });
  }
  return users;
}
