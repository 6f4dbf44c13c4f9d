/**
 * Files in the outbox (contract/files.ts, docs/offline-sync.md "Files in the outbox"): a photo is
 * saved on the device in the same transaction as the op that names it, uploaded under the id the
 * phone gave it before that op is sent, and marked once the server said it holds it. An answer lost
 * on the way back costs one more upload of the same bytes under the same id, which the server
 * answers as the first: nothing is stored twice. A refusal the same bytes cannot cure refuses the op
 * with the server's reason, the photo kept for the rep.
 */
import Dexie from 'dexie';
import { FILE_REFUSED_STATUSES } from '@contract/files';
import type { OpResult } from '@contract/sync';
import type { AppDb, OutboxFileRow, OutboxRow } from '@/db/app-db';

/** One upload; throws when no answer arrived (offline, timeout, reset). `message` is the server's, if it gave one. */
export type FileUpload = (file: OutboxFileRow) => Promise<{ status: number; message: string | null }>;

/** Files kept after the server holds them, so the rep's own photos show offline: a week. */
const KEEP_SENT_MS = 7 * 86_400_000;

/** Saves a file an op will name; call inside the transaction that enqueues the op (src/sync/outbox.ts enqueueOp). */
export async function saveOutboxFile(db: AppDb, file: Omit<OutboxFileRow, 'uploadedAt' | 'createdAt'>, now = Date.now()): Promise<void> {
  const transaction = Dexie.currentTransaction;
  if (!transaction || !transaction.storeNames.includes(db.outboxFiles.name) || !transaction.storeNames.includes(db.outbox.name))
    throw new Error('saveOutboxFile must run inside the transaction that enqueues its op');
  await db.outboxFiles.add({ ...file, createdAt: now, uploadedAt: null });
}

export type FilesOutcome =
  | { stop: null; refused: { op: OutboxRow; result: OpResult }[] }
  | { stop: 'network' | 'auth' | 'forbidden' | 'server'; status?: number; message: string };

const refusal = (op: OutboxRow, code: string, message: string): { op: OutboxRow; result: OpResult } => ({
  op,
  result: { opId: op.opId, outcome: 'rejected', error: { code, message, fields: { file: message } } },
});

/**
 * Uploads what the batch's ops name and the server does not yet hold, in queue order. Stops at the
 * first answer that says nothing about the file (no answer, 401, 403, a server error); lists the ops whose
 * file was refused.
 */
export async function uploadBatchFiles(db: AppDb, batch: OutboxRow[], upload: FileUpload, now: number): Promise<FilesOutcome> {
  const refused: { op: OutboxRow; result: OpResult }[] = [];
  for (const op of batch) {
    for (const id of op.files ?? []) {
      const file = await db.outboxFiles.get(id);
      if (!file) {
        refused.push(refusal(op, 'FILE_GONE', 'Ảnh không còn trên máy, vui lòng chụp lại'));
        break;
      }
      if (file.uploadedAt !== null) continue;
      let answer: Awaited<ReturnType<FileUpload>>;
      try {
        answer = await upload(file);
      } catch {
        return { stop: 'network', message: 'Không kết nối được máy chủ' };
      }
      if (answer.status === 200 || answer.status === 201) {
        await db.outboxFiles.update(id, { uploadedAt: now });
        continue;
      }
      if (answer.status === 401) return { stop: 'auth', status: 401, message: 'Phiên đăng nhập hết hạn, vui lòng đăng nhập lại để gửi' };
      // No longer a member (or no longer allowed): the queue stops with every op kept, as a push's 403 does.
      if (answer.status === 403)
        return { stop: 'forbidden', status: 403, message: answer.message ?? 'Bạn không còn quyền gửi dữ liệu cho công ty này' };
      if (FILE_REFUSED_STATUSES.includes(answer.status)) {
        refused.push(refusal(op, 'FILE_REFUSED', answer.message ?? `Máy chủ không nhận ảnh (${answer.status})`));
        break;
      }
      return { stop: 'server', status: answer.status, message: answer.message ?? `Máy chủ lỗi ${answer.status}` };
    }
  }
  return { stop: null, refused };
}

/**
 * Removes the files whose ops are settled and sent a week ago or more. A refused op's files stay
 * while it does (the rep may send the photo again); files no op names are left from a write that
 * never committed its op and go too.
 */
export async function pruneSentFiles(db: AppDb, companyId: number, now = Date.now()): Promise<number> {
  const files = await db.outboxFiles.where('companyId').equals(companyId).toArray();
  if (files.length === 0) return 0;
  const named = new Map<string, OutboxRow>();
  await db.outbox
    .where('[companyId+state]')
    .anyOf([
      [companyId, 'pending'],
      [companyId, 'sending'],
      [companyId, 'rejected'],
    ])
    .each((op) => {
      for (const id of op.files ?? []) named.set(id, op);
    });
  const stale = files.filter((file) => !named.has(file.id) && (file.uploadedAt ?? file.createdAt) < now - KEEP_SENT_MS);
  await db.outboxFiles.bulkDelete(stale.map((file) => file.id));
  return stale.length;
}
