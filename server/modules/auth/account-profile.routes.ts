/**
 * One's own address and picture (product-spec.md §7 "Account": address/{id}/; the avatar of
 * /my-account/edit): only the account itself or a system administrator changes them. The picture
 * is checked like product images (JPEG, PNG or WebP by its first bytes, at most 2 MB) and served to
 * the person, a system administrator, or someone of a company they both belong to.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { formatAddress } from '@contract/address';
import { AccountAddressSchema, MAX_AVATAR_BYTES } from '@contract/auth';
import type { AppDeps, AppEnv, AuthInfo } from '@server/kernel/app-types';
import { accountAvatars, accountCompanies, accounts } from '@server/kernel/db/schema';
import { badRequest, forbidden, HttpError, notFound } from '@server/kernel/errors';
import { ok } from '@server/kernel/respond';
import { parseBody, pathId } from '@server/kernel/validate';
import { authenticate } from '@server/kernel/authenticate';
import { detectImageType } from '@server/lib/file-type';
import { loadAccountView } from './account-view';

const AVATAR_UPLOAD_PATH = /^\/api\/account\/api\/account\/\d+\/avatar\/?$/;
const MB = MAX_AVATAR_BYTES / (1024 * 1024);

/** The upload path, for the API's JSON body limit to let it through to this route's own limit. */
export function isAvatarUpload(method: string, path: string): boolean {
  return method === 'POST' && AVATAR_UPLOAD_PATH.test(path);
}

const uploadLimit = bodyLimit({
  maxSize: MAX_AVATAR_BYTES + 64 * 1024,
  onError: (c) => {
    c.header('Connection', 'close');
    return c.json({ code: 413, data: null, error: 'PAYLOAD_TOO_LARGE', message: `Ảnh đại diện không được quá ${MB} MB` }, 413);
  },
});

function assertSelf(auth: AuthInfo, targetId: number) {
  if (auth.accountId !== targetId && auth.accountTypeCode !== 'SYSTEM') throw forbidden();
}

async function readAvatar(c: Context<AppEnv>): Promise<Uint8Array> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi ảnh dạng multipart/form-data');
  let form: Record<string, string | File>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest('VALIDATION_FAILED', 'Dữ liệu tải lên không đúng định dạng multipart');
  }
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw badRequest('VALIDATION_FAILED', 'Vui lòng chọn ảnh', { file: 'Vui lòng chọn ảnh' });
  return new Uint8Array(await file.arrayBuffer());
}

export function accountProfileRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = new Hono<AppEnv>({ strict: false });
  const requireAuth = authenticate(deps);

  app.get('/address/:id', requireAuth, async (c) => {
    const id = pathId(c);
    assertSelf(c.get('auth'), id);
    const view = await loadAccountView(db, id);
    if (!view) throw notFound('Không tìm thấy tài khoản');
    return ok(c, { address: view.address_data ?? null, text: view.address });
  });

  app.put('/address/:id', requireAuth, async (c) => {
    const id = pathId(c);
    assertSelf(c.get('auth'), id);
    const input = await parseBody(c, AccountAddressSchema);
    const text = formatAddress(input.address) || null;
    const [row] = await db
      .update(accounts)
      .set({ addressData: input.address, address: text, updatedAt: new Date() })
      .where(eq(accounts.id, id))
      .returning({ id: accounts.id });
    if (!row) throw notFound('Không tìm thấy tài khoản');
    return ok(c, await loadAccountView(db, id), { message: 'Đã cập nhật địa chỉ' });
  });

  app.post('/account/:id/avatar', uploadLimit, requireAuth, async (c) => {
    const id = pathId(c);
    assertSelf(c.get('auth'), id);
    const bytes = await readAvatar(c);
    if (bytes.byteLength > MAX_AVATAR_BYTES)
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Ảnh đại diện không được quá ${MB} MB`, { file: `Ảnh không được quá ${MB} MB` });
    const type = detectImageType(bytes);
    if (!type)
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Tệp không phải ảnh JPEG, PNG hoặc WebP', {
        file: 'Tệp không phải ảnh JPEG, PNG hoặc WebP',
      });
    const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id));
    if (!account) throw notFound('Không tìm thấy tài khoản');
    const [current] = await db.select({ version: accountAvatars.version }).from(accountAvatars).where(eq(accountAvatars.accountId, id));
    const values = { contentType: type, bytes: Buffer.from(bytes), version: (current?.version ?? 0) + 1, updatedAt: new Date() };
    await db
      .insert(accountAvatars)
      .values({ accountId: id, ...values })
      .onConflictDoUpdate({ target: accountAvatars.accountId, set: values });
    return ok(c, await loadAccountView(db, id), { message: 'Đã cập nhật ảnh đại diện' });
  });

  app.delete('/account/:id/avatar', requireAuth, async (c) => {
    const id = pathId(c);
    assertSelf(c.get('auth'), id);
    await db.delete(accountAvatars).where(eq(accountAvatars.accountId, id));
    return ok(c, await loadAccountView(db, id), { message: 'Đã xóa ảnh đại diện' });
  });

  app.get('/avatar/:id/:version', requireAuth, async (c) => {
    const id = pathId(c);
    const auth = c.get('auth');
    if (auth.accountId !== id && auth.accountTypeCode !== 'SYSTEM') {
      // Someone of a company both belong to (accepted), or no one.
      const mine = db
        .select({ companyId: accountCompanies.companyId })
        .from(accountCompanies)
        .where(and(eq(accountCompanies.accountId, auth.accountId), eq(accountCompanies.status, 'accept')));
      const [shared] = await db
        .select({ id: accountCompanies.id })
        .from(accountCompanies)
        .where(and(eq(accountCompanies.accountId, id), inArray(accountCompanies.companyId, mine)))
        .limit(1);
      if (!shared) throw notFound('Không tìm thấy ảnh');
    }
    const [avatar] = await db.select().from(accountAvatars).where(eq(accountAvatars.accountId, id));
    if (!avatar) throw notFound('Không tìm thấy ảnh');
    const bytes = new Uint8Array(avatar.bytes);
    return c.body(bytes, 200, {
      'Content-Type': avatar.contentType,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });

  return app;
}
