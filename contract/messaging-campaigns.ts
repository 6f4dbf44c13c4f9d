/**
 * Send to many (send-multiple; docs/messaging.md "Send to many"): one ZNS template to the customers
 * a filter picks, or to the OA's followers, now or at a set time. Each recipient is one row with its
 * own tracking id and status (waiting, sent, failed with the reason); the campaign's status and
 * progress follow from them.
 */
import * as v from 'valibot';
import { bodyObject, companyBodyField, companyQueryField, idField, isoInstantField, pagingFields } from './validation';

export const CAMPAIGN_SOURCES = ['customers', 'followers'] as const;
export type CampaignSource = (typeof CAMPAIGN_SOURCES)[number];
export const CAMPAIGN_SOURCE_LABELS: Record<CampaignSource, string> = {
  customers: 'Khách hàng theo bộ lọc',
  followers: 'Người quan tâm OA',
};

export const RECIPIENT_STATUSES = ['waiting', 'sent', 'failed'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export const RECIPIENT_STATUS_LABELS: Record<RecipientStatus, string> = { waiting: 'Đang chờ', sent: 'Đã gửi', failed: 'Lỗi' };

export const CAMPAIGN_STATUSES = ['scheduled', 'sending', 'done', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  scheduled: 'Đã hẹn giờ',
  sending: 'Đang gửi',
  done: 'Hoàn tất',
  cancelled: 'Đã dừng',
};

/** At most this many recipients in one campaign (a larger list is several campaigns). */
export const MAX_CAMPAIGN_RECIPIENTS = 5000;

export type CampaignCounts = { total: number; waiting: number; sent: number; failed: number };

export function campaignStatus(
  campaign: { scheduled_at: string; cancelled_at: string | null },
  counts: CampaignCounts,
  now: Date = new Date(),
): CampaignStatus {
  if (campaign.cancelled_at) return 'cancelled';
  if (counts.waiting === 0) return 'done';
  if (new Date(campaign.scheduled_at) > now && counts.sent + counts.failed === 0) return 'scheduled';
  return 'sending';
}

/** Share of recipients already decided (sent or failed), 0–100. */
export function campaignProgress(counts: CampaignCounts): number {
  return counts.total === 0 ? 100 : Math.floor(((counts.sent + counts.failed) * 100) / counts.total);
}

const optionalId = (label: string) => v.optional(v.nullable(idField(label)), null);

export const CampaignCustomerFilterSchema = v.object(
  {
    search: v.optional(v.pipe(v.string('Từ khóa không hợp lệ'), v.trim(), v.maxLength(100, 'Từ khóa tìm kiếm quá dài')), ''),
    customer_type: optionalId('Nhóm khách hàng'),
    level: optionalId('Cấp độ'),
    staff: optionalId('Nhân viên phụ trách'),
    province: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Tỉnh/thành phố không hợp lệ'))), null),
  },
  'Bộ lọc khách hàng không hợp lệ',
);
export type CampaignCustomerFilter = v.InferOutput<typeof CampaignCustomerFilterSchema>;

export const CampaignFollowerFilterSchema = v.object(
  {
    /** Only followers linked to a customer (their data can fill customer fields). */
    linked_only: v.optional(v.boolean('Bộ lọc không hợp lệ'), false),
    tag: v.optional(v.nullable(v.pipe(v.string('Nhãn không hợp lệ'), v.maxLength(60, 'Nhãn không hợp lệ'))), null),
  },
  'Bộ lọc người quan tâm không hợp lệ',
);
export type CampaignFollowerFilter = v.InferOutput<typeof CampaignFollowerFilterSchema>;

const audienceEntries = {
  company: companyBodyField,
  oa: idField('OA'),
  template: idField('mẫu ZNS'),
  source: v.picklist(CAMPAIGN_SOURCES, 'Vui lòng chọn người nhận'),
  customers: v.optional(CampaignCustomerFilterSchema),
  followers: v.optional(CampaignFollowerFilterSchema),
};

export const CampaignAudienceSchema = bodyObject(audienceEntries);
export type CampaignAudienceInput = v.InferOutput<typeof CampaignAudienceSchema>;

export const CampaignCreateSchema = bodyObject({
  ...audienceEntries,
  name: v.pipe(
    v.string('Tên chiến dịch không hợp lệ'),
    v.trim(),
    v.nonEmpty('Vui lòng nhập tên chiến dịch'),
    v.maxLength(120, 'Tên chiến dịch tối đa 120 ký tự'),
  ),
  /** Absent: now. */
  scheduled_at: v.optional(v.nullable(isoInstantField('Thời điểm gửi')), null),
});
export type CampaignCreateInput = v.InferOutput<typeof CampaignCreateSchema>;

export type AudienceAnswer = {
  count: number;
  /** Left out: no valid mobile phone, or the same phone twice. */
  skipped: number;
  sample: { name: string; phone: string; data: Record<string, string> }[];
  /** Required template parameters none of the recipients' data fills. */
  missing: string[];
  quota: { daily: number; remaining: number } | null;
};

export type CampaignRecord = {
  id: number;
  oa: number;
  name: string;
  template: { id: number; name: string };
  source: CampaignSource;
  scheduled_at: string;
  cancelled_at: string | null;
  status: CampaignStatus;
  counts: CampaignCounts;
  progress: number;
  created_by: string | null;
  created_at: string;
};

export type RecipientRecord = {
  id: number;
  phone: string;
  name: string;
  customer: string | null;
  status: RecipientStatus;
  error: string | null;
  error_code: string | null;
  attempts: number;
  sent_at: string | null;
};

export const CampaignListQuery = v.object({ company: companyQueryField, ...pagingFields(100) });
export const RecipientListQuery = v.object({
  company: companyQueryField,
  status: v.optional(v.picklist(RECIPIENT_STATUSES, 'Trạng thái không hợp lệ')),
  ...pagingFields(200),
});
export const CampaignActionSchema = bodyObject({ company: companyBodyField });
