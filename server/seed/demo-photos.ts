/**
 * The demo's visit photos (issue 45): An's three latest visits at An Khang each carry a photo, a
 * shelf, a display stand and a storefront, so the visit list, a customer's page and the gallery
 * (/visits/photos) have something to show. The images live in server/seed/photos; their bytes go
 * to the file store (FILES_DIR) at each start of a demo server, since a database copied from a
 * template (tests) or a fresh FILES_DIR has the rows without them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PhotoKind } from '@contract/visits';
import type { Db } from '@server/kernel/db/client';
import { storedFiles, visitPhotos, visits } from '@server/kernel/db/schema';
import type { FileStore } from '@server/kernel/file-store';

const HERE = path.dirname(fileURLToPath(import.meta.url));

const DEMO_PHOTOS: { fileId: string; photoId: string; file: string; kind: PhotoKind; note: string | null }[] = [
  {
    fileId: '0193a1f0-0000-7000-8000-00000000f001',
    photoId: '0193a1f0-0000-7000-8000-00000000a001',
    file: 'shelf.jpg',
    kind: 'shelf',
    note: 'Quầy thuốc bổ, đủ 3 mặt hàng',
  },
  {
    fileId: '0193a1f0-0000-7000-8000-00000000f002',
    photoId: '0193a1f0-0000-7000-8000-00000000a002',
    file: 'display.jpg',
    kind: 'display',
    note: 'Kệ trưng bày vitamin C',
  },
  {
    fileId: '0193a1f0-0000-7000-8000-00000000f003',
    photoId: '0193a1f0-0000-7000-8000-00000000a003',
    file: 'storefront.jpg',
    kind: 'storefront',
    note: null,
  },
];

const bytesOf = (file: string) => new Uint8Array(fs.readFileSync(path.join(HERE, 'photos', file)));

export async function seedDemoPhotos(db: Db, ids: { anKhangId: number; anId: number }): Promise<void> {
  const company = ids.anKhangId;
  const latest = await db
    .select({ id: visits.id, checkInAt: visits.checkInAt })
    .from(visits)
    .where(and(eq(visits.companyId, company), eq(visits.accountId, ids.anId)))
    .orderBy(desc(visits.checkInAt))
    .limit(DEMO_PHOTOS.length);
  for (const [index, visit] of latest.entries()) {
    const photo = DEMO_PHOTOS[index]!;
    const bytes = bytesOf(photo.file);
    await db.insert(storedFiles).values({
      id: photo.fileId,
      companyId: company,
      accountId: ids.anId,
      contentType: 'image/jpeg',
      byteSize: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      attachedTo: 'visit_photo',
      attachedId: photo.photoId,
      createdAt: visit.checkInAt,
    });
    await db.insert(visitPhotos).values({
      id: photo.photoId,
      companyId: company,
      visitId: visit.id,
      accountId: ids.anId,
      fileId: photo.fileId,
      kind: photo.kind,
      note: photo.note,
      takenAt: new Date(visit.checkInAt.getTime() + 5 * 60_000),
      createdAt: new Date(visit.checkInAt.getTime() + 6 * 60_000),
    });
  }
}

/** Puts the demo photos' bytes in the store where their rows are and the store lacks them. */
export async function restoreDemoPhotos(db: Db, store: FileStore): Promise<number> {
  const rows = await db
    .select({ id: storedFiles.id, companyId: storedFiles.companyId })
    .from(storedFiles)
    .where(
      inArray(
        storedFiles.id,
        DEMO_PHOTOS.map((photo) => photo.fileId),
      ),
    );
  let restored = 0;
  for (const row of rows) {
    if (await store.get(row.companyId, row.id)) continue;
    await store.put(row.companyId, row.id, bytesOf(DEMO_PHOTOS.find((photo) => photo.fileId === row.id)!.file));
    restored += 1;
  }
  return restored;
}
