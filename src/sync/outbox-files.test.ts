/**
 * Files in the outbox (src/sync/outbox-files.ts) through the drain: uploaded once under the phone's
 * id before the op that names them, never twice stored whatever answer is lost, a refused file
 * refusing its op with the server's reason (the photo kept), the queue going on around it.
 */
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpResult, PushAnswer } from '@contract/sync';
import { uuidv7 } from '@contract/uuid';
import { AppDb, type OutboxFileRow } from '@/db/app-db';
import { drainOutbox, TransportError, type PushBody, type PushTransport } from './drain';
import { enqueueOp } from './outbox';
import { pruneSentFiles, saveOutboxFile, type FileUpload } from './outbox-files';

const COMPANY = 1;
const ACCOUNT = 7;
const START = Date.parse('2026-12-05T02:00:00Z');
let clock = START;
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`test-${uuidv7()}`);
  await db.open();
  clock = START;
});
afterEach(async () => {
  db.close();
  await Dexie.delete(db.name);
});

/** A photo op as the app queues it: the file and the op in one transaction. */
async function queuePhoto(bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])): Promise<{ opId: string; fileId: string }> {
  const fileId = uuidv7();
  const opId = await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    await saveOutboxFile(db, { id: fileId, companyId: COMPANY, accountId: ACCOUNT, contentType: 'image/jpeg', bytes: bytes.buffer }, clock);
    return enqueueOp(db, {
      type: 'visit.addPhoto',
      companyId: COMPANY,
      accountId: ACCOUNT,
      files: [fileId],
      payload: { photoId: uuidv7(), visitId: uuidv7(), fileId, kind: 'shelf', note: null, takenAt: null, location: null },
    });
  });
  return { opId, fileId };
}

async function queueNotice(): Promise<string> {
  return db.transaction('rw', db.outbox, () =>
    enqueueOp(db, {
      type: 'visit.acceptLocationNotice',
      companyId: COMPANY,
      accountId: ACCOUNT,
      payload: { version: '2026-12-01', at: new Date(clock).toISOString() },
    }),
  );
}

/** The server's side: files kept by id (the same bytes again answer 200), and the ops pushed. */
function server(script: (file: OutboxFileRow, attempt: number) => 'ok' | 'network' | 'lost' | number = () => 'ok') {
  const stored = new Map<string, string>();
  const pushed: PushBody[] = [];
  let uploads = 0;
  const upload: FileUpload = async (file) => {
    uploads += 1;
    const step = script(file, uploads);
    if (step === 'network') throw new TransportError('offline');
    if (typeof step === 'number') return { status: step, message: `Máy chủ từ chối ảnh (${step})` };
    const bytes = Array.from(new Uint8Array(file.bytes)).join(',');
    const again = stored.get(file.id) === bytes;
    stored.set(file.id, bytes);
    // Stored, and the answer lost on the way back.
    if (step === 'lost') throw new TransportError('reset');
    return { status: again ? 200 : 201, message: 'Đã nhận ảnh' };
  };
  const transport: PushTransport = async (body) => {
    pushed.push(body);
    const data: PushAnswer = {
      serverTime: new Date(clock).toISOString(),
      results: body.ops.map((op) => ({ opId: op.opId, outcome: 'applied' }) as OpResult),
    };
    return { status: 200, retryAfterSeconds: null, body: { code: 200, data } };
  };
  return { stored, pushed, upload, transport, uploads: () => uploads };
}

function drain(side: ReturnType<typeof server>, refreshAuth = async () => false) {
  return drainOutbox({
    db,
    companyId: COMPANY,
    accountId: ACCOUNT,
    deviceId: uuidv7(),
    transport: side.transport,
    uploadFile: side.upload,
    refreshAuth,
    now: () => clock,
    random: () => 0.5,
  });
}

describe('files in the outbox', () => {
  it('uploads the file before the op that names it, once', async () => {
    const { opId, fileId } = await queuePhoto();
    const side = server();
    expect(await drain(side)).toMatchObject({ applied: 1, stoppedBy: null });
    expect([...side.stored.keys()]).toEqual([fileId]);
    expect(side.pushed.flatMap((body) => body.ops.map((op) => op.opId))).toEqual([opId]);
    expect((await db.outboxFiles.get(fileId))?.uploadedAt).toBe(clock);
    await drain(side);
    expect(side.uploads()).toBe(1);
  });

  it('without signal nothing is sent, the op waits; with it back the file and op go once', async () => {
    const { opId } = await queuePhoto();
    let offline = true;
    const side = server(() => (offline ? 'network' : 'ok'));
    expect(await drain(side)).toMatchObject({ applied: 0, stoppedBy: 'network' });
    expect(side.pushed).toHaveLength(0);
    expect((await db.outbox.where('opId').equals(opId).first())?.state).toBe('pending');
    offline = false;
    clock += 10 * 60_000;
    expect(await drain(side)).toMatchObject({ applied: 1 });
    expect(side.stored.size).toBe(1);
  });

  it('an upload whose answer was lost is sent again under the same id: one file on the server', async () => {
    const { fileId } = await queuePhoto();
    const side = server((_file, attempt) => (attempt === 1 ? 'lost' : 'ok'));
    expect(await drain(side)).toMatchObject({ stoppedBy: 'network' });
    clock += 10 * 60_000;
    expect(await drain(side)).toMatchObject({ applied: 1 });
    expect(side.uploads()).toBe(2);
    expect([...side.stored.keys()]).toEqual([fileId]);
    expect(side.pushed).toHaveLength(1);
  });

  it("a refused file refuses its op with the server's reason and keeps the photo; the queue goes on", async () => {
    const photo = await queuePhoto();
    const notice = await queueNotice();
    const side = server(() => 415);
    expect(await drain(side)).toMatchObject({ applied: 1, rejected: 1, stoppedBy: null });
    const refused = await db.outbox.where('opId').equals(photo.opId).first();
    expect(refused).toMatchObject({ state: 'rejected', lastError: { kind: 'rejected', message: 'Máy chủ từ chối ảnh (415)' } });
    expect(side.pushed.flatMap((body) => body.ops.map((op) => op.opId))).toEqual([notice]);
    expect(await db.outboxFiles.get(photo.fileId)).toBeDefined();
  });

  it('a full quota (507) refuses the op too, rather than holding the ops behind it', async () => {
    const photo = await queuePhoto();
    const notice = await queueNotice();
    const side = server(() => 507);
    await drain(side);
    expect((await db.outbox.where('opId').equals(photo.opId).first())?.state).toBe('rejected');
    expect((await db.outbox.where('opId').equals(notice).first())?.state).toBe('done');
  });

  it('a server error stops the drain with the op queued for later', async () => {
    const photo = await queuePhoto();
    const side = server(() => 503);
    expect(await drain(side)).toMatchObject({ stoppedBy: 'server' });
    expect(await db.outbox.where('opId').equals(photo.opId).first()).toMatchObject({
      state: 'pending',
      lastError: { kind: 'server', status: 503 },
    });
    expect(side.pushed).toHaveLength(0);
  });

  it('a 403 (no longer a member) stops the queue with every op kept, as a push would', async () => {
    const photo = await queuePhoto();
    const notice = await queueNotice();
    const side = server(() => 403);
    expect(await drain(side)).toMatchObject({ stoppedBy: 'forbidden' });
    expect(await db.outbox.where('opId').equals(photo.opId).first()).toMatchObject({ state: 'pending', lastError: { kind: 'forbidden' } });
    expect((await db.outbox.where('opId').equals(notice).first())?.state).toBe('pending');
    expect(side.pushed).toHaveLength(0);
  });

  it('a 401 on upload renews the sign-in once and goes on', async () => {
    await queuePhoto();
    let renewed = false;
    const side = server(() => (renewed ? 'ok' : 401));
    const outcome = await drain(side, async () => {
      renewed = true;
      return true;
    });
    expect(outcome).toMatchObject({ applied: 1, stoppedBy: null });
  });

  it('refuses to save a file outside the transaction of its op', async () => {
    await expect(
      saveOutboxFile(db, { id: uuidv7(), companyId: COMPANY, accountId: ACCOUNT, contentType: 'image/jpeg', bytes: new ArrayBuffer(3) }),
    ).rejects.toThrow('saveOutboxFile must run inside the transaction');
  });
});

describe('pruneSentFiles', () => {
  it("removes files sent a week ago, keeps newer ones and a refused op's", async () => {
    const sent = await queuePhoto();
    await drain(server());
    const refused = await queuePhoto();
    await drain(server(() => 415));
    const recent = await queuePhoto();
    clock += 8 * 86_400_000;
    await drain(server());
    expect(await pruneSentFiles(db, COMPANY, clock)).toBe(1);
    expect(await db.outboxFiles.get(sent.fileId)).toBeUndefined();
    expect(await db.outboxFiles.get(refused.fileId)).toBeDefined();
    expect(await db.outboxFiles.get(recent.fileId)).toBeDefined();
  });
});
