/**
 * Files that ops carry (contract/files.ts): kept under the id the phone gave them, once. The same
 * bytes sent again under that id (an answer lost on the way back) are the same file; other bytes
 * under it are refused. An op attaches a file to its record; a file no op attached is removed after
 * UNATTACHED_FILE_DAYS (removeUnattachedFiles).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { MAX_FILE_BYTES, UNATTACHED_FILE_DAYS, type StoredFileRecord } from '@contract/files';
import { addDays } from '@contract/calendar-days';
import { vietnamDay } from '@contract/price-policy';
import type { AppDeps } from '@server/kernel/app-types';
import type { Db } from '@server/kernel/db/client';
import { enqueueJob, type JobHandler } from '@server/kernel/jobs';
import { storedFiles } from '@server/kernel/db/schema';
import { HttpError, badRequest, conflict } from '@server/kernel/errors';
import type { FileStore } from '@server/kernel/file-store';
import { OpRejection } from '@server/kernel/sync/op-context';
import { detectImageType } from '@server/lib/file-type';

type FileRow = typeof storedFiles.$inferSelect;

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

function toRecord(row: FileRow): StoredFileRecord {
  return { id: row.id, content_type: row.contentType, byte_size: row.byteSize, created_at: row.createdAt.toISOString() };
}

async function fileRow(db: Db, companyId: number, id: string): Promise<FileRow | null> {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, id)));
  return row ?? null;
}

/** What the bytes are, refused in Vietnamese before anything is written. */
function checkBytes(bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw badRequest('VALIDATION_FAILED', 'Tệp ảnh trống', { file: 'Tệp ảnh trống' });
  if (bytes.byteLength > MAX_FILE_BYTES)
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Ảnh vượt quá ${megabytes(MAX_FILE_BYTES)} MB`, { file: 'Ảnh quá lớn' });
  const type = detectImageType(bytes);
  if (!type) {
    const message = 'Tệp không phải ảnh JPEG, PNG hoặc WebP';
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { file: message });
  }
  return type;
}

export type SavedFile = { record: StoredFileRecord; fresh: boolean };

/**
 * Keeps the bytes under the phone's id. A second upload of the same bytes by the same person answers
 * the first (fresh: false); anything else under a taken id is a conflict. The company's quota counts
 * every file it keeps.
 */
export async function saveFile(
  db: Db,
  store: FileStore,
  input: { companyId: number; accountId: number; id: string; bytes: Uint8Array; quotaBytes: number },
): Promise<SavedFile> {
  const { companyId, accountId, id, bytes } = input;
  const contentType = checkBytes(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const same = (row: FileRow) => row.accountId === accountId && row.sha256 === sha256;
  const existing = await fileRow(db, companyId, id);
  if (existing) {
    if (same(existing)) return { record: toRecord(existing), fresh: false };
    throw conflict('Mã tệp đã được dùng cho một ảnh khác', { file: 'Mã tệp đã được dùng' });
  }
  const [{ used }] = (await db
    .select({ used: sql<string>`coalesce(sum(${storedFiles.byteSize}), 0)` })
    .from(storedFiles)
    .where(eq(storedFiles.companyId, companyId))) as [{ used: string }];
  if (Number(used) + bytes.byteLength > input.quotaBytes) {
    const message = `Công ty đã dùng hết dung lượng lưu ảnh (${megabytes(input.quotaBytes)} MB), vui lòng báo quản trị`;
    throw new HttpError(507, 'FILE_QUOTA', message);
  }
  // The bytes first: a row never names bytes the store lacks. Bytes without a row (a crash between)
  // are overwritten by the phone's next try under the same id.
  await store.put(companyId, id, bytes);
  const [inserted] = await db
    .insert(storedFiles)
    .values({ id, companyId, accountId, contentType, byteSize: bytes.byteLength, sha256 })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { record: toRecord(inserted), fresh: true };
  // The same id at the same moment from a second request: the first one kept it.
  const raced = (await fileRow(db, companyId, id))!;
  if (same(raced)) return { record: toRecord(raced), fresh: false };
  throw conflict('Mã tệp đã được dùng cho một ảnh khác', { file: 'Mã tệp đã được dùng' });
}

/**
 * Names the file as the record's, inside the op's transaction. Only its uploader may, and only once:
 * an op naming a file that is not there (or not theirs) is refused, never waited for.
 */
export async function attachFile(tx: Db, input: { companyId: number; accountId: number; fileId: string; to: string; id: string }) {
  const [row] = await tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, input.companyId), eq(storedFiles.id, input.fileId)))
    .for('update');
  if (!row || row.accountId !== input.accountId)
    throw new OpRejection('FILE_MISSING', 'Máy chủ chưa nhận được ảnh này, vui lòng chụp lại', { file: 'Chưa nhận được ảnh' });
  if (row.attachedId === input.id && row.attachedTo === input.to) return;
  if (row.attachedId !== null)
    throw new OpRejection('FILE_TAKEN', 'Ảnh này đã được gắn với một bản ghi khác', { file: 'Ảnh đã được dùng' });
  await tx
    .update(storedFiles)
    .set({ attachedTo: input.to, attachedId: input.id })
    .where(and(eq(storedFiles.companyId, input.companyId), eq(storedFiles.id, input.fileId)));
}

/** The file's row, for the route to decide who may see it. */
export async function storedFile(db: Db, companyId: number, id: string): Promise<FileRow | null> {
  return fileRow(db, companyId, id);
}

/** Files no op attached within UNATTACHED_FILE_DAYS: removed from the store, then their rows. Returns how many. */
export async function removeUnattachedFiles(db: Db, store: FileStore, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_FILE_DAYS * 86_400_000);
  const stale = await db
    .select({ id: storedFiles.id, companyId: storedFiles.companyId })
    .from(storedFiles)
    .where(and(isNull(storedFiles.attachedId), lt(storedFiles.createdAt, before)))
    .limit(1000);
  let removed = 0;
  for (const file of stale) {
    // The row first, and only while still unattached: an op attaching it this moment keeps its bytes.
    const gone = await db
      .delete(storedFiles)
      .where(and(eq(storedFiles.companyId, file.companyId), eq(storedFiles.id, file.id), isNull(storedFiles.attachedId)))
      .returning({ id: storedFiles.id });
    if (gone.length === 0) continue;
    await store.remove(file.companyId, file.id);
    removed += 1;
  }
  return removed;
}

export const FILE_CLEANUP_QUEUE = 'files.unattached-cleanup';

/** Tomorrow's run at 03:00 Vietnam time, once whatever number of servers or restarts ask. */
export async function scheduleFileCleanup(db: Db, today: string = vietnamDay()): Promise<void> {
  const next = addDays(today, 1);
  await enqueueJob(db, {
    queue: FILE_CLEANUP_QUEUE,
    payload: { day: next },
    dedupeKey: `file-cleanup:${next}`,
    runAt: new Date(`${next}T03:00:00+07:00`),
  });
}

export const fileCleanupHandler: JobHandler<{ day: string }> = {
  queue: FILE_CLEANUP_QUEUE,
  run: async (job, deps: AppDeps) => {
    const removed = await removeUnattachedFiles(deps.db, deps.files);
    await scheduleFileCleanup(deps.db, job.payload.day);
    return { removed };
  },
};
