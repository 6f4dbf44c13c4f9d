import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '@/db/app-db';
import { countBy, draftKey, emptyDraft, NothingCounted, saveDraft, sendCountSheet, setCounted } from './count-sheet';

const who = { companyId: 3, accountId: 9 };
const receiptId = '0190a0b0-0000-7000-8000-000000000001';
let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`count-${crypto.randomUUID()}`);
  await db.open();
});
afterEach(async () => {
  await db.delete();
});

describe('counting on the device', () => {
  it('keeps one figure per variant and lot: a scan adds the unit, typing replaces', () => {
    let draft = emptyDraft(who, receiptId);
    draft = countBy(draft, 7, 70, 100);
    draft = countBy(draft, 7, 70, 100);
    draft = countBy(draft, 8, null, 1);
    draft = setCounted(draft, { variantId: 8, lotId: null, quantity: 5 });
    expect(draft.lines).toEqual([
      { variantId: 7, lotId: 70, quantity: 200 },
      { variantId: 8, lotId: null, quantity: 5 },
    ]);
  });

  it('sends the draft as one stock.count op and clears it in the same transaction; nothing counted sends nothing', async () => {
    await expect(sendCountSheet(db, who, receiptId)).rejects.toBeInstanceOf(NothingCounted);
    expect(await db.outbox.count()).toBe(0);
    await saveDraft(db, { ...countBy(emptyDraft(who, receiptId), 7, 70, 12), note: ' quầy 2 ' });
    await sendCountSheet(db, who, receiptId);
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'stock.count', entity: { type: 'stock_check', id: receiptId }, state: 'pending' });
    expect(op!.payload).toMatchObject({ receiptId, lines: [{ variantId: 7, lotId: 70, quantity: 12 }], note: 'quầy 2' });
    expect(await db.countDrafts.get(draftKey(who, receiptId))).toBeUndefined();
  });
});
