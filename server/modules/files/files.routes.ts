/**
 * `file/api/files/{id}/?company=`: PUT keeps the request's body (the image itself) under the id the
 * phone gave it, GET serves it back. Uploads need what the ops that carry files need (visits/create);
 * a file is served to its uploader, and once an op attached it, to whoever may see that record (the
 * readers the composition root passes: server/app.ts). Anyone else, and another company, hears
 * "not found". Every refusal in Vietnamese (files.ts).
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { MAX_FILE_BYTES } from '@contract/files';
import { companyQueryField, uuidField } from '@contract/validation';
import type { AppDeps, AppEnv, AuthInfo } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import type { Db } from '@server/kernel/db/client';
import { HttpError, notFound } from '@server/kernel/errors';
import { created, ok } from '@server/kernel/respond';
import { parseQuery, parseWith } from '@server/kernel/validate';
import { memberAccess, requirePermission } from '@server/modules/roles';
import { saveFile, storedFile } from './files';

/** Whether this person may see the record a file is attached to (by the record's id). */
export type FileReader = (db: Db, auth: AuthInfo, companyId: number, recordId: string) => Promise<boolean>;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const UPLOAD_PATH = new RegExp(`^/api/file/api/files/${UUID}/?$`);

/** The upload path, for the API's JSON body limit to let it through to this route's own limit. */
export function isFileUpload(method: string, path: string): boolean {
  return method === 'PUT' && UPLOAD_PATH.test(path);
}

const uploadLimit = bodyLimit({
  maxSize: MAX_FILE_BYTES,
  onError: (c) => {
    c.header('Connection', 'close');
    const message = `Ảnh vượt quá ${MAX_FILE_BYTES / (1024 * 1024)} MB`;
    return c.json({ code: 413, data: null, error: 'PAYLOAD_TOO_LARGE', message }, 413);
  },
});

const CompanyQuery = v.object({ company: companyQueryField });

/** Only an id shaped as a UUID reaches these routes (a number is no file's id); the id's own check follows the company's. */
const FILE_PATH = '/files/:id{[0-9a-fA-F]+-[0-9a-fA-F-]+}';
const FileId = v.object({ id: uuidField('Mã tệp') });

export function fileRoutes(deps: AppDeps, readers: Record<string, FileReader>) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));

  // The company is checked before the id: an outsider learns nothing, not even that an id is malformed.
  app.put(FILE_PATH, uploadLimit, async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const access = await requirePermission(db, c.get('auth'), company, 'visits', 'create');
    const { id } = parseWith(FileId, { id: c.req.param('id') });
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const input = { companyId: company, accountId: access.accountId, id, bytes, quotaBytes: deps.env.fileQuotaBytes };
    const saved = await saveFile(db, deps.files, input);
    return saved.fresh ? created(c, saved.record, 'Đã nhận ảnh') : ok(c, saved.record, { message: 'Đã nhận ảnh' });
  });

  app.get(FILE_PATH, async (c) => {
    const { company } = parseQuery(c, CompanyQuery);
    const auth = c.get('auth');
    const access = await memberAccess(db, auth, company);
    const { id } = parseWith(FileId, { id: c.req.param('id') });
    const row = await storedFile(db, company, id);
    const reader = row?.attachedTo ? readers[row.attachedTo] : undefined;
    const mine = row?.accountId === access.accountId;
    if (!row || (!mine && !(reader && row.attachedId && (await reader(db, auth, company, row.attachedId)))))
      throw notFound('Không tìm thấy ảnh');
    const bytes = await deps.files.get(company, id);
    if (!bytes) throw new HttpError(404, 'NOT_FOUND', 'Ảnh không còn trên máy chủ');
    return c.body(bytes, 200, {
      'Content-Type': row.contentType,
      'Content-Length': String(bytes.byteLength),
      // The bytes under an id never change (files.ts): a browser may keep them, privately.
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  return app;
}
