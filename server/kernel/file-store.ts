/**
 * Where the bytes of files that ops carry live (contract/files.ts): a folder on the server's disk,
 * FILES_DIR (by default `files` in DATA_DIR), one file per company and id. A write goes to a
 * temporary name and is renamed into place, so a reader never sees half a file and an upload cut by a
 * crash leaves nothing under the id. An S3-compatible store would answer the same three calls.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type FileStore = {
  put(companyId: number, id: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the store has none under this id. */
  get(companyId: number, id: string): Promise<Uint8Array<ArrayBuffer> | null>;
  remove(companyId: number, id: string): Promise<void>;
};

export function diskFileStore(root: string): FileStore {
  // Ids are UUIDs checked by the routes; the two-letter folder keeps any one folder small.
  const where = (companyId: number, id: string) => path.join(root, String(companyId), id.slice(-2), id);
  return {
    async put(companyId, id, bytes) {
      const file = where(companyId, id);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      await fs.writeFile(temporary, bytes, { flush: true });
      await fs.rename(temporary, file);
    },
    async get(companyId, id) {
      try {
        return new Uint8Array(await fs.readFile(where(companyId, id)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(companyId, id) {
      await fs.rm(where(companyId, id), { force: true });
    },
  };
}
