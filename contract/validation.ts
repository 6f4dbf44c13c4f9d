/**
 * Building blocks for the valibot schemas of every request, with Vietnamese messages, and the one
 * function that turns valibot issues into the `{message, fields}` of a VALIDATION_FAILED answer.
 * Both the server (to refuse bad input) and the client (to explain it before sending) use them.
 */
import * as v from 'valibot';
import { UUID_PATTERN } from './uuid';

/** Labels for fields whose key alone would not tell a person what is missing. */
const FIELD_LABELS: Record<string, string> = {
  phone: 'số điện thoại',
  password: 'mật khẩu',
  old_password: 'mật khẩu hiện tại',
  new_password: 'mật khẩu mới',
  refresh: 'mã làm mới phiên',
  code: 'mã xác minh',
  reset_token: 'mã đặt lại mật khẩu',
  company: 'công ty',
  title: 'tên',
  type: 'loại',
  full_name: 'họ và tên',
  email: 'email',
  status: 'trạng thái',
  name: 'tên',
  variants: 'biến thể',
  units: 'đơn vị tính',
  unit: 'đơn vị tính',
  factor: 'hệ số quy đổi',
  price: 'giá bán',
  wholesale_price: 'giá bán sỉ',
  barcode: 'mã vạch',
  items: 'bảng giá',
  ids: 'danh sách sản phẩm',
  rows: 'dòng dữ liệu',
  policy: 'chính sách giá',
  variant_id: 'biến thể',
  lines: 'sản phẩm',
  quantity: 'số lượng',
  orders: 'đơn hàng',
  customers: 'khách hàng',
  customer: 'khách hàng',
  date_from: 'từ ngày',
  date_to: 'đến ngày',
};

export function fieldLabel(key: string): string {
  return FIELD_LABELS[key] ?? key;
}

type AnyIssue = v.BaseIssue<unknown>;

function issuePath(issue: AnyIssue): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

/** Fields that are chosen rather than typed say so when missing. */
const MISSING_MESSAGES: Record<string, string> = {
  approve: 'Vui lòng chọn duyệt hoặc từ chối',
};

/** A missing key is reported by the parent object schema; name the field instead of the object. */
function describeIssue(issue: AnyIssue): string {
  const last = issue.path?.at(-1);
  if (issue.type === 'object' && last && issue.received === 'undefined') {
    const key = String(last.key);
    return MISSING_MESSAGES[key] ?? `Vui lòng nhập ${fieldLabel(key)}`;
  }
  // A schema without a message of its own gets valibot's English default ("Invalid type: ..."): a
  // person is told in Vietnamese which field is wrong instead.
  if (issue.message.startsWith('Invalid ')) {
    const named = (issue.path ?? [])
      .map((item) => String(item.key).trim())
      .findLast((key) => key !== '' && key.length <= 60 && !/^\d+$/.test(key));
    return named ? `${capitalize(fieldLabel(named))} không hợp lệ` : 'Dữ liệu không hợp lệ';
  }
  return issue.message;
}

export type ValidationSummary = { message: string; fields: Record<string, string> };

export function summarizeIssues(issues: readonly AnyIssue[]): ValidationSummary {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issuePath(issue);
    if (path && !(path in fields)) fields[path] = describeIssue(issue);
  }
  const first = issues[0];
  const message = first ? describeIssue(first) : 'Dữ liệu không hợp lệ';
  return { message, fields };
}

export function bodyObject<T extends v.ObjectEntries>(entries: T) {
  return v.object(entries, 'Dữ liệu gửi lên phải là một đối tượng JSON');
}

/** Required text, trimmed; `max` guards the database column. */
export function requiredText(label: string, max = 255) {
  return v.pipe(
    v.string(`${capitalize(label)} phải là chuỗi ký tự`),
    v.trim(),
    v.nonEmpty(`Vui lòng nhập ${label}`),
    v.maxLength(max, `${capitalize(label)} không được dài quá ${max} ký tự`),
  );
}

/** Optional text: absent, null or blank all mean "no value". */
export function optionalText(label: string, max = 255) {
  return v.pipe(
    v.optional(v.nullable(v.string(`${capitalize(label)} phải là chuỗi ký tự`)), null),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.check((value) => value == null || value.length <= max, `${capitalize(label)} không được dài quá ${max} ký tự`),
  );
}

/** A positive integer id given as a number (JSON body) or a digit string (query, path). */
export function idField(label: string) {
  const message = `${capitalize(label)} không hợp lệ`;
  return v.pipe(
    v.union([v.number(message), v.string(message)], message),
    v.transform((value) => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value)),
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(2_147_483_647, message),
  );
}

/**
 * A calendar date `YYYY-MM-DD` that exists (1900 to 2100). The pattern alone lets 2026-13-45 and
 * 0000-00-00 through, which the database then refuses with an error instead of a 400.
 */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An optional day (YYYY-MM-DD) that may be null, named in its messages: a licence's or a registration's date. */
export const optionalDay = (label: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(`${label} không hợp lệ`),
        v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ`),
        v.check(isIsoDate, `${label} không hợp lệ`),
      ),
    ),
    null,
  );

/** An optional day (YYYY-MM-DD) that may be null: an order's or a delivery group's delivery date. */
export const deliveryDateField = v.optional(
  v.nullable(
    v.pipe(
      v.string('Ngày giao không hợp lệ'),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Ngày giao không hợp lệ'),
      v.check(isIsoDate, 'Ngày giao không hợp lệ'),
    ),
  ),
  null,
);

export function pagingFields(maxLimit = 200) {
  const page = v.pipe(
    v.optional(v.string(), '1'),
    v.regex(/^\d{1,9}$/, 'Số trang không hợp lệ'),
    v.transform(Number),
    v.minValue(1, 'Số trang không hợp lệ'),
  );
  const limit = v.pipe(
    v.optional(v.string(), '10'),
    v.regex(/^\d{1,9}$/, 'Số dòng mỗi trang không hợp lệ'),
    v.transform(Number),
    v.minValue(1, 'Số dòng mỗi trang không hợp lệ'),
    v.maxValue(maxLimit, `Số dòng mỗi trang tối đa là ${maxLimit}`),
  );
  return { page, limit };
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const uuidField = (label: string) => v.pipe(v.string(`${label} không hợp lệ`), v.regex(UUID_PATTERN, `${label} không hợp lệ`));

/**
 * An instant as ISO 8601 text with a time zone (what `Date.prototype.toISOString` writes), in the
 * years 2000–2099: a phone's clock may be wrong by hours or days, never by centuries, and an instant
 * like 0001-01-01 or 9999-12-31 became a day the database refused (a check-in answered "retry" for
 * ever; the fault suite's fuzzing found it).
 */
export const isoInstantField = (label: string) =>
  v.pipe(
    v.string(`${label} không hợp lệ`),
    v.maxLength(40, `${label} không hợp lệ`),
    v.check(
      (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && inCenturies(Date.parse(value)),
      `${label} không hợp lệ`,
    ),
  );

const [EARLIEST, LATEST] = [Date.UTC(2000, 0, 1), Date.UTC(2100, 0, 1)];
const inCenturies = (at: number) => !Number.isNaN(at) && at >= EARLIEST && at < LATEST;

/** The company a GET or DELETE names in its query string: digits, an int4 id (a longer one would fail in the database). */
export const companyQueryField = v.pipe(
  v.string('Công ty không hợp lệ'),
  v.regex(/^\d{1,9}$/, 'Công ty không hợp lệ'),
  v.transform(Number),
);

/** The company a JSON body names: a positive int4 id. */
export const companyBodyField = v.pipe(
  v.number('Công ty không hợp lệ'),
  v.integer('Công ty không hợp lệ'),
  v.minValue(1, 'Công ty không hợp lệ'),
  v.maxValue(2_147_483_647, 'Công ty không hợp lệ'),
);

/** The rows of an Excel import as the client sends them: cells by column name, at most `maxRows` per call. */
export function sheetRowsField(maxRows: number) {
  return v.pipe(
    v.array(
      v.record(
        v.string(),
        v.nullable(
          v.union([v.pipe(v.string(), v.maxLength(2000, 'Ô dữ liệu quá dài')), v.number(), v.boolean()], 'Ô dữ liệu không hợp lệ'),
        ),
        'Dòng dữ liệu không hợp lệ',
      ),
      'Danh sách dòng không hợp lệ',
    ),
    v.minLength(1, 'Tệp không có dòng dữ liệu nào'),
    v.maxLength(maxRows, `Mỗi lần nhập tối đa ${maxRows} dòng`),
  );
}
