/**
 * Field visits (check-in / check-out at a customer). Visits are facts: the server always records
 * them and flags what looks wrong (clock far off, check-out before check-in) instead of refusing.
 */
import * as v from 'valibot';
import { defineSyncDomain } from './sync';
import { idField, isIsoDate, isoInstantField, pagingFields, uuidField } from './validation';
import { unplannedReasonField, type PlanState, type UnplannedReason } from './visits-plans';

export const LocationSchema = v.object(
  {
    lat: v.pipe(v.number('Vĩ độ không hợp lệ'), v.minValue(-90, 'Vĩ độ không hợp lệ'), v.maxValue(90, 'Vĩ độ không hợp lệ')),
    lng: v.pipe(v.number('Kinh độ không hợp lệ'), v.minValue(-180, 'Kinh độ không hợp lệ'), v.maxValue(180, 'Kinh độ không hợp lệ')),
    accuracy: v.optional(v.nullable(v.pipe(v.number('Độ chính xác không hợp lệ'), v.minValue(0, 'Độ chính xác không hợp lệ'))), null),
  },
  'Vị trí không hợp lệ',
);
export type GeoLocation = v.InferOutput<typeof LocationSchema>;

const note = v.optional(
  v.nullable(v.pipe(v.string('Ghi chú phải là chuỗi ký tự'), v.maxLength(1000, 'Ghi chú không được dài quá 1000 ký tự'))),
  null,
);

export const VisitCheckInSchema = v.object(
  {
    visitId: uuidField('Mã lượt ghé thăm'),
    customerId: uuidField('Khách hàng'),
    at: isoInstantField('Thời điểm check-in'),
    location: v.optional(v.nullable(LocationSchema), null),
    note,
    /** Set the customer's pin here when it has none (contract/visits-place.ts canPinHere). */
    pin: v.optional(v.boolean('Ghim vị trí phải là đúng hoặc sai'), false),
    /** Why the rep visits a customer not on today's route plan (contract/visits-plans.ts). */
    unplannedReason: unplannedReasonField,
  },
  'Dữ liệu check-in không hợp lệ',
);
export type VisitCheckInPayload = v.InferOutput<typeof VisitCheckInSchema>;

export const VisitCheckOutSchema = v.object(
  {
    visitId: uuidField('Mã lượt ghé thăm'),
    at: isoInstantField('Thời điểm check-out'),
    location: v.optional(v.nullable(LocationSchema), null),
    note,
  },
  'Dữ liệu check-out không hợp lệ',
);
export type VisitCheckOutPayload = v.InferOutput<typeof VisitCheckOutSchema>;

/** A rep accepted the location notice (contract/visits-place.ts LOCATION_NOTICE), on the phone, maybe offline. */
export const LocationNoticeAcceptSchema = v.object(
  {
    version: v.pipe(v.string('Phiên bản thông báo không hợp lệ'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Phiên bản thông báo không hợp lệ')),
    at: isoInstantField('Thời điểm đồng ý'),
  },
  'Dữ liệu đồng ý không hợp lệ',
);
export type LocationNoticeAcceptPayload = v.InferOutput<typeof LocationNoticeAcceptSchema>;

/** What a visit's photo shows (issue 45's kinds), for the office's gallery filter. */
export const PHOTO_KINDS = {
  shelf: 'Quầy kệ',
  display: 'Trưng bày',
  storefront: 'Mặt tiền',
  competitor: 'Đối thủ',
  other: 'Khác',
} as const;
export type PhotoKind = keyof typeof PHOTO_KINDS;
const PHOTO_KIND_CODES = Object.keys(PHOTO_KINDS) as PhotoKind[];

/** What a photo shows, for a screen reader and the gallery: "Ảnh quầy kệ: kệ thuốc ho". */
export function photoAlt(photo: { kind: PhotoKind; note: string | null }): string {
  return `Ảnh ${PHOTO_KINDS[photo.kind].toLowerCase()}${photo.note ? `: ${photo.note}` : ''}`;
}

/** Photos per visit: a shelf, a stand and a few close-ups are plenty; more is a phone stuck in a loop. */
export const MAX_VISIT_PHOTOS = 20;

/**
 * A photo taken at a visit (contract/files.ts): the file uploaded under `fileId` before this op is
 * sent. `takenAt` and `location` come from the photo's EXIF when it has them (src/lib/photo-exif.ts).
 */
export const VisitPhotoAddSchema = v.object(
  {
    photoId: uuidField('Mã ảnh'),
    visitId: uuidField('Mã lượt ghé thăm'),
    fileId: uuidField('Mã tệp ảnh'),
    kind: v.picklist(PHOTO_KIND_CODES, 'Loại ảnh không hợp lệ'),
    note,
    takenAt: v.optional(v.nullable(isoInstantField('Thời điểm chụp')), null),
    location: v.optional(v.nullable(LocationSchema), null),
  },
  'Dữ liệu ảnh không hợp lệ',
);
export type VisitPhotoAddPayload = v.InferOutput<typeof VisitPhotoAddSchema>;

export type VisitPhoto = {
  id: string;
  file_id: string;
  kind: PhotoKind;
  note: string | null;
  taken_at: string | null;
  /** Where the photo says it was taken: to the visit's own rep only, as the visit's positions. */
  location: GeoLocation | null;
  created_at: string;
};

/** Why the server flagged a visit for a second look. */
export const VISIT_FLAG_LABELS = {
  CLOCK_AHEAD: 'Giờ trên máy đi trước giờ máy chủ',
  CHECKOUT_BEFORE_CHECKIN: 'Giờ check-out sớm hơn giờ check-in',
  LONG_VISIT: 'Lượt ghé thăm kéo dài hơn 12 giờ',
  // Where the check-in happened (contract/visits-place.ts); short, they are badges on a phone's card.
  NO_LOCATION: 'Không có vị trí GPS',
  FAR_FROM_PIN: 'Ngoài bán kính khách hàng',
  POOR_ACCURACY: 'GPS kém chính xác',
  IMPOSSIBLE_SPEED: 'Di chuyển nhanh bất thường',
  SHARED_DEVICE: 'Máy dùng chung trong ngày',
  ON_PIN: 'Trùng khít vị trí ghim',
  PIN_SET: 'Đã ghim vị trí khách hàng',
} as const;
export type VisitFlag = keyof typeof VISIT_FLAG_LABELS;

/** The flags that question where a check-in happened (contract/visits-place.ts): counted apart in the staff report. */
export const PLACE_FLAGS: readonly VisitFlag[] = [
  'NO_LOCATION',
  'FAR_FROM_PIN',
  'POOR_ACCURACY',
  'IMPOSSIBLE_SPEED',
  'SHARED_DEVICE',
  'ON_PIN',
];

export type VisitRecord = {
  id: string;
  company: number;
  customer_id: string;
  customer_name: string;
  account_id: number;
  account_name: string;
  check_in_at: string;
  /**
   * Where the rep checked in: answered only to that rep (their own visits, the phone's mirror); for
   * anyone else null, the positions then read through the logged day call (contract/visits-positions.ts).
   */
  check_in_location: GeoLocation | null;
  /** The stored visit has a check-in position (whether or not this answer shows it); absent on a record the phone made itself. */
  has_location?: boolean;
  check_in_note: string | null;
  /** Metres from the customer's pin at check-in, as the server measured; null without a pin or a position. */
  check_in_distance_m: number | null;
  /** Against the rep's route plan that day, as the server decided (contract/visits-plans.ts planStateOf); null without a plan. */
  plan_state: PlanState | null;
  unplanned_reason: UnplannedReason | null;
  check_out_at: string | null;
  /** As check_in_location: the rep's own only. */
  check_out_location: GeoLocation | null;
  check_out_note: string | null;
  flags: VisitFlag[];
  received_at: string;
  /** Oldest first; absent on a record from before photos (a phone's older mirror). */
  photos?: VisitPhoto[];
};

const day = (message: string) => v.optional(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, message), v.check(isIsoDate, message)));
const dayRange = {
  date_from: day('Ngày bắt đầu không hợp lệ (YYYY-MM-DD)'),
  date_to: day('Ngày kết thúc không hợp lệ (YYYY-MM-DD)'),
};
const accountFilter = v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhân viên không hợp lệ'), v.transform(Number)));

export const VisitListQuery = v.object({
  company: idField('công ty'),
  ...pagingFields(),
  account: accountFilter,
  customer: v.optional(uuidField('Khách hàng')),
  ...dayRange,
  /** The staff report's drill-down (server/modules/reports/report-route.ts): visits on or off the day's plan, */
  plan_state: v.optional(v.picklist(['planned', 'unplanned'], 'Trạng thái theo tuyến không hợp lệ')),
  /** or those whose place was flagged (PLACE_FLAGS). */
  flagged: v.optional(v.literal('1', 'Bộ lọc cờ không hợp lệ')),
});

/** The office's gallery of visit photos: the list's readers and scope. */
export const VisitPhotoListQuery = v.object({
  company: idField('công ty'),
  ...pagingFields(),
  account: accountFilter,
  customer: v.optional(uuidField('Khách hàng')),
  region: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Khu vực không hợp lệ'), v.transform(Number))),
  kind: v.optional(v.picklist(PHOTO_KIND_CODES, 'Loại ảnh không hợp lệ')),
  ...dayRange,
});

/** One photo of the gallery, with the visit it was taken at. */
export type VisitPhotoRow = Omit<VisitPhoto, 'location'> & {
  visit_id: string;
  customer_id: string;
  customer_name: string;
  account_id: number;
  account_name: string;
  check_in_at: string;
};

export const visitPaths = { list: '/visit/api/visits/', photos: '/visit/api/photos/' } as const;

/** What visits sync with the phones (contract/sync-domains.ts): a rep's own visits, check-in and check-out. */
export const visitsSync = defineSyncDomain({
  name: 'visits',
  entities: ['visit', 'visit_settings', 'route_plan'],
  reads: {
    visit: { anyOf: [['visits', 'view']] },
    // The rep's own route plans (change_log owner), for "Hôm nay" offline (contract/visits-plans.ts).
    route_plan: { anyOf: [['visits', 'create']] },
    // The check-in rules (contract/visits-place.ts), so the phone decides as the server will.
    visit_settings: {
      anyOf: [
        ['visits', 'create'],
        ['visits', 'view'],
      ],
    },
  },
  ops: {
    'visit.checkIn': { schema: VisitCheckInSchema, label: 'Check-in', permission: ['visits', 'create'] },
    'visit.checkOut': { schema: VisitCheckOutSchema, label: 'Check-out', permission: ['visits', 'create'] },
    'visit.addPhoto': { schema: VisitPhotoAddSchema, label: 'Ảnh ghé thăm', permission: ['visits', 'create'] },
    'visit.acceptLocationNotice': {
      schema: LocationNoticeAcceptSchema,
      label: 'Đồng ý thông báo vị trí',
      permission: ['visits', 'create'],
    },
  },
});
