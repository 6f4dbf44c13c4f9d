/**
 * Files a rep's op carries (a visit's photos; later returns' and display programmes' evidence):
 * shrunk on the phone (src/lib/photo-shrink.ts), kept in the device's outbox beside the op that
 * names them, uploaded once under the id the phone gave them, before that op is sent
 * (src/sync/outbox-files.ts, docs/offline-sync.md "Files in the outbox"). The server keeps the bytes
 * outside the database (server/modules/files) and serves them only to those who may see the record
 * a file is attached to.
 */

/** PUT the bytes (the body is the image itself), GET them back. `company` in the query. */
export const filePaths = {
  file: (id: string) => `/file/api/files/${id}/`,
} as const;

/** The phone shrinks a 12 MP photo to about 300 kB; the server takes up to 2 MB of one (a picked image the phone could not shrink further). */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** What a company may keep, unless its settings say otherwise: 5 GB, some 17,000 photos of 300 kB. */
export const DEFAULT_FILE_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;

/** A file uploaded and never named by an op (the op was refused, or the phone was wiped) is removed after this many days. */
export const UNATTACHED_FILE_DAYS = 7;

/**
 * The upload's answers that sending the same again will not cure (a malformed id, another file under
 * this id, too large, not an image, the company's quota full): the op that names the file is refused
 * with the server's reason and the photo kept on the phone, for the rep to send again later (a full
 * quota) or take another. Waiting instead would hold every op queued behind it: the queue keeps its order.
 */
export const FILE_REFUSED_STATUSES: readonly number[] = [400, 409, 413, 415, 507];

export type StoredFileRecord = {
  id: string;
  content_type: string;
  byte_size: number;
  created_at: string;
};
