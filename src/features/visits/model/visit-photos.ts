/**
 * Photos at a visit on the phone (contract/visits.ts VisitPhotoAddSchema): the shrunk image saved in
 * the outbox (src/sync/outbox-files.ts) with the op that names it, in one transaction; the visit's
 * photos read as the server's (the visit record) followed by this device's not yet applied, each
 * with its state; a refused one sent again under new ids, or set aside.
 */
import type { GeoLocation, PhotoKind, VisitPhoto } from '@contract/visits';
import { uuidv7 } from '@contract/uuid';
import type { AppDb, OutboxRow } from '@/db/app-db';
import { writeWithOp } from '@/sync/local-write';
import { dismissRefusal, enqueueOp, unappliedOpFor } from '@/sync/outbox';
import { saveOutboxFile } from '@/sync/outbox-files';
import type { Visitor } from './visit-actions';

export type NewPhoto = {
  bytes: ArrayBuffer;
  contentType: string;
  kind: PhotoKind;
  note: string | null;
  takenAt: string | null;
  location: GeoLocation | null;
};

type PhotoPayload = {
  photoId: string;
  visitId: string;
  fileId: string;
  kind: PhotoKind;
  note: string | null;
  takenAt: string | null;
  location: GeoLocation | null;
};

/** Saves the photo and queues its op; it goes after the visit's check-in when that is still queued. */
export async function addVisitPhoto(db: AppDb, visitor: Visitor, visitId: string, photo: NewPhoto, now = new Date()): Promise<string> {
  const photoId = uuidv7(now.getTime());
  const fileId = uuidv7(now.getTime());
  await writeWithOp(db, [db.outboxFiles, db.visits], async () => {
    if (!(await db.visits.get(visitId))) throw new Error('Không tìm thấy lượt ghé thăm để gắn ảnh');
    const checkInOp = await unappliedOpFor(db, visitId, 'visit.checkIn');
    const { companyId, accountId } = visitor;
    await saveOutboxFile(db, { id: fileId, companyId, accountId, contentType: photo.contentType, bytes: photo.bytes }, now.getTime());
    const payload: PhotoPayload = {
      photoId,
      visitId,
      fileId,
      kind: photo.kind,
      note: photo.note,
      takenAt: photo.takenAt,
      location: photo.location,
    };
    await enqueueOp(
      db,
      { type: 'visit.addPhoto', companyId, accountId, payload, files: [fileId], dependsOn: checkInOp ? [checkInOp] : [] },
      now,
    );
  });
  return photoId;
}

/** A photo as the visit shows it: the server's, or this device's still on its way (or refused, with why). */
export type ShownPhoto = {
  id: string;
  fileId: string;
  kind: PhotoKind;
  note: string | null;
  state: 'sent' | 'pending' | 'rejected';
  error: string | null;
  /** The bytes when the device still holds them (its own photos, a week after sending); null: ask the server. */
  bytes: ArrayBuffer | null;
  contentType: string | null;
  op: Pick<OutboxRow, 'seq' | 'entity'> | null;
};

/** The visit's photos: the server's first (oldest first), then this device's ops not yet applied, in queue order. */
export async function visitPhotosOnDevice(db: AppDb, visitId: string, serverPhotos: VisitPhoto[] = []): Promise<ShownPhoto[]> {
  const ops = await db.outbox.where('state').anyOf(['pending', 'sending', 'rejected']).toArray();
  const mine = ops
    .filter((op) => op.type === 'visit.addPhoto' && (op.payload as PhotoPayload).visitId === visitId && !op.dismissed)
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  const sentIds = new Set(serverPhotos.map((photo) => photo.id));
  const fileIds = [...serverPhotos.map((photo) => photo.file_id), ...mine.map((op) => (op.payload as PhotoPayload).fileId)];
  const files = new Map((await db.outboxFiles.bulkGet(fileIds)).flatMap((file) => (file ? [[file.id, file] as const] : [])));
  const shown: ShownPhoto[] = serverPhotos.map((photo) => ({
    id: photo.id,
    fileId: photo.file_id,
    kind: photo.kind,
    note: photo.note,
    state: 'sent',
    error: null,
    bytes: files.get(photo.file_id)?.bytes ?? null,
    contentType: files.get(photo.file_id)?.contentType ?? null,
    op: null,
  }));
  for (const op of mine) {
    const payload = op.payload as PhotoPayload;
    if (sentIds.has(payload.photoId)) continue;
    const file = files.get(payload.fileId);
    shown.push({
      id: payload.photoId,
      fileId: payload.fileId,
      kind: payload.kind,
      note: payload.note,
      state: op.state === 'rejected' ? 'rejected' : 'pending',
      error: op.state === 'rejected' ? (op.lastError?.message ?? 'Bị từ chối') : null,
      bytes: file?.bytes ?? null,
      contentType: file?.contentType ?? null,
      op: { seq: op.seq, entity: op.entity },
    });
  }
  return shown;
}

/** A refused photo sent again: the same bytes under new ids (the server may have kept the old ones), the refusal set aside. */
export async function sendPhotoAgain(db: AppDb, visitor: Visitor, photo: ShownPhoto, visitId: string, now = new Date()): Promise<void> {
  if (photo.state !== 'rejected' || !photo.op || !photo.bytes) throw new Error('Không gửi lại được ảnh này, vui lòng chụp lại');
  const op = await db.outbox.get(photo.op.seq!);
  const payload = op?.payload as PhotoPayload | undefined;
  await addVisitPhoto(
    db,
    visitor,
    visitId,
    {
      bytes: photo.bytes,
      contentType: photo.contentType ?? 'image/jpeg',
      kind: photo.kind,
      note: photo.note,
      takenAt: payload?.takenAt ?? null,
      location: payload?.location ?? null,
    },
    now,
  );
  await setPhotoAside(db, photo, 'Đã gửi lại', now);
}

/** A refused photo the rep lets go: its op no longer asks for attention, its bytes are removed. */
export async function setPhotoAside(db: AppDb, photo: ShownPhoto, reason: string, now = new Date()): Promise<void> {
  if (!photo.op) return;
  await db.transaction('rw', [db.outbox, db.outboxFiles], async () => {
    await dismissRefusal(db, photo.op!, reason, now);
    await db.outboxFiles.delete(photo.fileId);
  });
}
