/**
 * Files a rep's op carries (contract/files.ts): the bytes live in the file store
 * (server/modules/files/file-store.ts), this row says whose they are and what names them.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt } from './columns';
import { companies } from './company';

export const storedFiles = pgTable(
  'stored_files',
  {
    /** The id the phone gave the file: an upload sent again under it is the same file. */
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** Hex SHA-256 of the bytes: the same id with other bytes is refused (FILE_ID_TAKEN). */
    sha256: text('sha256').notNull(),
    /** What names the file (`visit_photo`), set by the op that carries it; null until then. */
    attachedTo: text('attached_to'),
    attachedId: uuid('attached_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stored_files_pkey', columns: [t.id, t.companyId] }),
    index('stored_files_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.attachedId} IS NULL`),
  ],
);
