/**
 * One scanned document uploaded as multipart (`file` and `company`): a customer's licence, the
 * agreement beside a corrected invoice. Its own body limit on the route (the API's JSON limit lets
 * these paths through, server/app.ts), the form read, and the file checked by its first bytes
 * (server/lib/file-type.ts), never by its name or declared type; every refusal in Vietnamese.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '@server/kernel/app-types';
import { badRequest, HttpError } from '@server/kernel/errors';
import { detectImageOrPdf, type ImageType } from '@server/lib/file-type';

export type ScanType = ImageType | 'application/pdf';
export type UploadedScan = { name: string; bytes: Uint8Array };

const megabytes = (bytes: number) => bytes / (1024 * 1024);

/** The route's limit: the scan plus the multipart framing. */
export function scanUploadLimit(maxBytes: number, what: string) {
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: (c) => {
      c.header('Connection', 'close');
      const message = `${what} không quá ${megabytes(maxBytes)} MB`;
      return c.json({ code: 413, data: null, error: 'PAYLOAD_TOO_LARGE', message }, 413);
    },
  });
}

/** The form's `company` (or the query's) and its one `file`, if any. */
export async function readScanUpload(c: Context<AppEnv>, defaultName: string): Promise<{ company: unknown; file: UploadedScan | null }> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi tệp dạng multipart/form-data');
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'VALIDATION_FAILED', 'Dữ liệu tải lên không đúng định dạng multipart');
  }
  const entries = form.file === undefined ? [] : Array.isArray(form.file) ? form.file : [form.file];
  if (entries.length > 1) throw new HttpError(400, 'VALIDATION_FAILED', 'Mỗi lần chỉ tải một tệp', { file: 'Mỗi lần chỉ tải một tệp' });
  const entry = entries[0];
  if (typeof entry === 'string')
    throw new HttpError(400, 'VALIDATION_FAILED', 'Trường file phải là tệp', { file: 'Trường file phải là tệp' });
  const company = form.company ?? c.req.query('company');
  return {
    company: Array.isArray(company) ? company[0] : company,
    file: entry ? { name: entry.name || defaultName, bytes: new Uint8Array(await entry.arrayBuffer()) } : null,
  };
}

/** Refuses a missing, too large or unknown file (a photo or a PDF), before anything is written. */
export function checkScan(file: UploadedScan | null, rule: { maxBytes: number; missing: string }): ScanType {
  if (!file || file.bytes.byteLength === 0) throw badRequest('VALIDATION_FAILED', rule.missing, { file: rule.missing });
  if (file.bytes.byteLength > rule.maxBytes) {
    const message = `Tệp "${file.name}" vượt quá ${megabytes(rule.maxBytes)} MB`;
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', message, { file: message });
  }
  const type = detectImageOrPdf(file.bytes);
  if (!type) {
    const message = `Tệp "${file.name}" không phải ảnh JPEG, PNG, WebP hoặc tệp PDF`;
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { file: message });
  }
  return type;
}
