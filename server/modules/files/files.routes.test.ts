/**
 * Files that ops carry (contract/files.ts) and the photos taken at visits (contract/visits.ts): the
 * upload under the phone's id, once; what is refused and why; who is served a file; the op that
 * attaches one; the office's gallery; and the night's removal of files no op named.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '@contract/envelope';
import { filePaths, MAX_FILE_BYTES, UNATTACHED_FILE_DAYS } from '@contract/files';
import type { PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import type { VisitPhotoRow, VisitRecord } from '@contract/visits';
import { customers } from '@server/kernel/db/schema';
import { rowsOf } from '@server/kernel/sql';
import { addAccount, pushCheckIn } from '@server/testing/fixtures';
import { startDemoServer, type SignedIn, type TestServer } from '@server/testing/test-server';
import { unguarded } from '@server/testing/change-log-guard';
import { removeUnattachedFiles } from './files';

const QUOTA = 1024 * 1024;
let server: TestServer;
let an: SignedIn;
let rep: SignedIn;
let outsider: SignedIn;
let anKhang: number;
let minhPhat: number;
let customerId: string;
let visitId: string;

/** A JPEG's first bytes and some body: the server reads the type from the bytes, never decodes. */
function jpeg(size = 2_000, fill = 7): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

async function put(token: string, id: string, body: Uint8Array<ArrayBuffer>, company = anKhang) {
  const response = await fetch(`${server.url}/api${filePaths.file(id)}?company=${company}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body,
  });
  return { status: response.status, body: (await response.json()) as Envelope<{ id: string; byte_size: number }> };
}

async function get(token: string, id: string, company = anKhang) {
  const response = await fetch(`${server.url}/api${filePaths.file(id)}?company=${company}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, type: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function addPhoto(token: string, payload: Record<string, unknown>) {
  const answer = await server.call<PushAnswer>('/sync/push', {
    token,
    body: {
      company: anKhang,
      deviceId: uuidv7(),
      ops: [{ opId: uuidv7(), type: 'visit.addPhoto', schemaVersion: 1, clientCreatedAt: new Date().toISOString(), payload }],
    },
  });
  return answer.body.data.results[0]!;
}

const photo = (fileId: string, extra: Record<string, unknown> = {}) => ({
  photoId: uuidv7(),
  visitId,
  fileId,
  kind: 'shelf',
  note: 'Quầy thuốc bổ',
  takenAt: '2026-12-05T02:00:00.000Z',
  location: { lat: 10.7769, lng: 106.7009, accuracy: null },
  ...extra,
});

beforeAll(async () => {
  ({ server, an, anKhang, minhPhat } = await startDemoServer({ fileQuotaBytes: QUOTA }));
  const extra = await addAccount(server.deps.db, { fullName: 'Phan Văn Ảnh', memberships: [{ companyId: anKhang, status: 'accept' }] });
  rep = await server.login(extra.phone, extra.password);
  const other = await addAccount(server.deps.db, {
    fullName: 'Người Công Ty Khác',
    memberships: [{ companyId: minhPhat, status: 'accept' }],
  });
  outsider = await server.login(other.phone, other.password);
  customerId = uuidv7();
  await unguarded(server.deps.db, (tx) =>
    tx.insert(customers).values({
      id: customerId,
      companyId: anKhang,
      code: 'KH-PHOTO-1',
      name: 'Nhà thuốc Ảnh Chụp',
      kind: 'Nhà thuốc',
      staffId: extra.id,
      searchText: 'kh-photo-1 nha thuoc anh chup',
    }),
  );
  visitId = uuidv7();
  expect((await pushCheckIn(server, rep.access, anKhang, { visitId, customerId })).outcome).toBe('applied');
});
afterAll(async () => {
  await server?.stop();
});

describe('PUT file/api/files/{id}/', () => {
  it('keeps the bytes once: the same upload again answers the first, other bytes under the id are refused', async () => {
    const id = uuidv7();
    const first = await put(rep.access, id, jpeg());
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ id, byte_size: 2_000 });
    const again = await put(rep.access, id, jpeg());
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Đã nhận ảnh');
    const other = await put(rep.access, id, jpeg(2_000, 9));
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Mã tệp đã được dùng cho một ảnh khác');
    // Someone else's bytes under a taken id, even the same bytes: refused, the first file unchanged.
    expect((await put(an.access, id, jpeg())).status).toBe(409);
    expect((await get(rep.access, id)).bytes).toEqual(jpeg());
  });

  it('refuses in Vietnamese what is not an image, an empty body, a file too large and a malformed id', async () => {
    const notImage = await put(rep.access, uuidv7(), new TextEncoder().encode('%PDF-1.7 not a photo'));
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toBe('Tệp không phải ảnh JPEG, PNG hoặc WebP');
    const empty = await put(rep.access, uuidv7(), new Uint8Array());
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Tệp ảnh trống');
    const large = await put(rep.access, uuidv7(), jpeg(MAX_FILE_BYTES + 1));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Ảnh vượt quá 2 MB');
    const badId = await put(rep.access, 'abc-123', jpeg());
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('Mã tệp không hợp lệ');
  });

  it('refuses an upload to a company one is not a member of, and without signing in', async () => {
    const foreign = await put(outsider.access, uuidv7(), jpeg(), anKhang);
    expect(foreign.status).toBe(403);
    const response = await fetch(`${server.url}/api${filePaths.file(uuidv7())}?company=${anKhang}`, { method: 'PUT', body: jpeg() });
    expect(response.status).toBe(401);
  });

  it("stops at the company's quota with a message the office can act on (507: the phone's op waits)", async () => {
    const [used] = rowsOf<{ used: number }>(
      await server.deps.db.execute(sql`select coalesce(sum(byte_size), 0)::int as used from stored_files where company_id = ${anKhang}`),
    );
    const left = QUOTA - Number(used!.used);
    expect((await put(rep.access, uuidv7(), jpeg(left - 10))).status).toBe(201);
    const over = await put(rep.access, uuidv7(), jpeg(100));
    expect(over.status).toBe(507);
    expect(over.body.message).toBe('Công ty đã dùng hết dung lượng lưu ảnh (1 MB), vui lòng báo quản trị');
    // Room made again for the tests below: the filler goes.
    await server.deps.db.execute(sql`delete from stored_files where company_id = ${anKhang} and byte_size = ${left - 10}`);
  });
});

describe('visit.addPhoto and who is served a photo', () => {
  let fileId: string;
  let photoId: string;

  beforeAll(async () => {
    fileId = uuidv7();
    expect((await put(rep.access, fileId, jpeg(3_000))).status).toBe(201);
  });

  it('serves an unattached file to its uploader only', async () => {
    const mine = await get(rep.access, fileId);
    expect(mine.status).toBe(200);
    expect(mine.type).toBe('image/jpeg');
    expect(mine.bytes.byteLength).toBe(3_000);
    expect((await get(an.access, fileId)).status).toBe(404);
  });

  it('attaches the file to the visit: the visit record carries the photo, an op sent twice adds it once', async () => {
    const payload = photo(fileId);
    photoId = payload.photoId;
    const first = await addPhoto(rep.access, payload);
    expect(first.outcome).toBe('applied');
    // The answer carries the visit with its photo: the phone shows it as the server's before its next pull.
    expect(first.entity).toMatchObject({ type: 'visit', id: visitId });
    expect((first.entity!.data as VisitRecord).photos!.map((one) => one.id)).toEqual([photoId]);
    expect((await addPhoto(rep.access, payload)).outcome).toBe('applied');
    const list = await server.call<VisitRecord[]>(`/visit/api/visits/?company=${anKhang}&customer=${customerId}`, { token: rep.access });
    const visit = list.body.data.find((one) => one.id === visitId)!;
    expect(visit.photos).toHaveLength(1);
    expect(visit.photos![0]).toMatchObject({
      id: photoId,
      file_id: fileId,
      kind: 'shelf',
      note: 'Quầy thuốc bổ',
      location: { lat: 10.7769 },
    });
    // The office sees the photo, not where the phone says it was taken.
    const office = await server.call<VisitRecord[]>(`/visit/api/visits/?company=${anKhang}&customer=${customerId}`, { token: an.access });
    expect(office.body.data.find((one) => one.id === visitId)!.photos![0]!.location).toBeNull();
  });

  it('serves the attached photo to who may see the visit, and to no other company', async () => {
    expect((await get(an.access, fileId)).status).toBe(200);
    expect((await get(outsider.access, fileId, minhPhat)).status).toBe(404);
    expect((await get(outsider.access, fileId, anKhang)).status).toBe(403);
  });

  it('refuses, with a reason, a photo whose file is missing, taken, or someone else’s, and a visit not the rep’s', async () => {
    const missing = await addPhoto(rep.access, photo(uuidv7()));
    expect(missing).toMatchObject({
      outcome: 'rejected',
      error: { code: 'FILE_MISSING', message: 'Máy chủ chưa nhận được ảnh này, vui lòng chụp lại' },
    });
    const taken = await addPhoto(rep.access, photo(fileId));
    expect(taken).toMatchObject({ outcome: 'rejected', error: { code: 'FILE_TAKEN' } });
    const ansFile = uuidv7();
    expect((await put(an.access, ansFile, jpeg())).status).toBe(201);
    expect(await addPhoto(rep.access, photo(ansFile))).toMatchObject({ outcome: 'rejected', error: { code: 'FILE_MISSING' } });
    expect(await addPhoto(an.access, photo(ansFile))).toMatchObject({ outcome: 'rejected', error: { code: 'VISIT_NOT_FOUND' } });
    expect(await addPhoto(rep.access, photo(fileId, { photoId, fileId: ansFile }))).toMatchObject({
      outcome: 'rejected',
      error: { code: 'PHOTO_ID_TAKEN' },
    });
    expect(await addPhoto(rep.access, photo(fileId, { kind: 'selfie' }))).toMatchObject({ outcome: 'rejected' });
  });

  it("lists the office's gallery by kind and rep, with the visit it was taken at", async () => {
    const other = uuidv7();
    expect((await put(rep.access, other, jpeg(1_000))).status).toBe(201);
    expect((await addPhoto(rep.access, photo(other, { kind: 'display', note: null }))).outcome).toBe('applied');
    const all = await server.call<VisitPhotoRow[]>(`/visit/api/photos/?company=${anKhang}&customer=${customerId}`, { token: an.access });
    expect(all.body.data.map((row) => row.kind)).toEqual(['display', 'shelf']);
    expect(all.body.data[0]).toMatchObject({ visit_id: visitId, customer_name: 'Nhà thuốc Ảnh Chụp', account_name: 'Phan Văn Ảnh' });
    expect(all.body.data[0]).not.toHaveProperty('location');
    const shelves = await server.call<VisitPhotoRow[]>(`/visit/api/photos/?company=${anKhang}&customer=${customerId}&kind=shelf`, {
      token: an.access,
    });
    expect(shelves.body.data.map((row) => row.file_id)).toEqual([fileId]);
    const bad = await server.call(`/visit/api/photos/?company=${anKhang}&kind=selfie`, { token: an.access });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Loại ảnh không hợp lệ');
    expect((await server.call(`/visit/api/photos/?company=${anKhang}`, { token: outsider.access })).status).toBe(403);
  });
});

describe("the demo's photos", () => {
  it('are served from a database copied from the template: their bytes are put back in the store at start', async () => {
    const gallery = await server.call<VisitPhotoRow[]>(`/visit/api/photos/?company=${anKhang}&kind=storefront`, { token: an.access });
    const demo = gallery.body.data.find((row) => row.file_id === '0193a1f0-0000-7000-8000-00000000f003')!;
    expect(demo).toMatchObject({ kind: 'storefront', account_name: 'Nguyễn Văn An' });
    const image = await get(an.access, demo.file_id);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/jpeg');
    expect([...image.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});

describe('files no op named', () => {
  it(`are removed after ${UNATTACHED_FILE_DAYS} days, bytes and row; attached ones stay`, async () => {
    const orphan = uuidv7();
    expect((await put(rep.access, orphan, jpeg(500))).status).toBe(201);
    const kept = (await server.call<VisitPhotoRow[]>(`/visit/api/photos/?company=${anKhang}&customer=${customerId}`, { token: an.access }))
      .body.data[0]!.file_id;
    const later = new Date(Date.now() + (UNATTACHED_FILE_DAYS + 1) * 86_400_000);
    expect(await removeUnattachedFiles(server.deps.db, server.deps.files, later)).toBeGreaterThanOrEqual(1);
    expect((await get(rep.access, orphan)).status).toBe(404);
    expect(await server.deps.files.get(anKhang, orphan)).toBeNull();
    expect((await get(an.access, kept)).status).toBe(200);
  });
});
