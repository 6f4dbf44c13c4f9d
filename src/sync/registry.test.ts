import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { defineSyncDomain } from '@contract/sync';
import { SYNC_DOMAINS } from '@contract/sync-domains';
import { CLIENT_SYNC_DOMAINS } from '@/app/sync-domains';
import { clientSyncDomain, type Mirror } from './domain';
import { missingClientParts, registerSyncDomains } from './registry';

const notes = defineSyncDomain({
  name: 'notes',
  entities: ['note'],
  reads: { note: { anyOf: [['customers', 'view']] } },
  ops: { 'note.add': { schema: v.object({ text: v.string() }), label: 'Thêm ghi chú', permission: ['customers', 'create'] } },
});
const mirror: Mirror = {
  table: (db) => db.meta,
  key: (id) => id,
  toLocal: (record: never) => record,
  ofCompany: (db) => db.meta.where('key').equals('-'),
};

describe('synced domains on the device', () => {
  it('has a mirror for every entity and a writer for every op the contract declares', () => {
    expect(missingClientParts(SYNC_DOMAINS, CLIENT_SYNC_DOMAINS)).toEqual([]);
  });

  it('names what is missing from an incomplete client half, and refuses to register it', () => {
    const complete = clientSyncDomain(notes, { mirrors: { note: mirror }, writers: { 'note.add': async () => null } });
    expect(missingClientParts([notes], [complete])).toEqual([]);
    expect(missingClientParts([notes], [{ contract: notes, mirrors: {}, writers: {} }])).toEqual(['writer of note.add', 'mirror of note']);
    expect(missingClientParts([notes], [])).toEqual(['domain notes']);
    expect(() => registerSyncDomains(SYNC_DOMAINS, [...CLIENT_SYNC_DOMAINS, complete])).toThrow('contract/sync-domains.ts entry for notes');
  });
});
