import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { defineSyncDomain } from '@contract/sync';
import { OP_SPECS, SYNC_DOMAINS, SYNC_ENTITIES } from '@contract/sync-domains';
import { SYNC_REGISTRY } from '@server/sync-domains';
import { serverSyncDomain, syncRegistry, type EntityLoader } from './domain';
import type { OpHandler } from './op-context';

const noteOp = defineSyncDomain({
  name: 'notes',
  entities: ['note'],
  reads: { note: { anyOf: [['customers', 'view']] } },
  ops: { 'note.add': { schema: v.object({ text: v.string() }), label: 'Thêm ghi chú', permission: ['customers', 'create'] } },
});
const handler: OpHandler<{ text: string }> = async () => ({ outcome: 'applied' });
const loader: EntityLoader = async () => new Map();

describe('synced domains on the server', () => {
  it('has a handler for every op type and a loader for every entity the contract declares', () => {
    for (const type of Object.keys(OP_SPECS)) expect(SYNC_REGISTRY.op(type)?.handler, type).toBeTypeOf('function');
    for (const entity of SYNC_ENTITIES) expect(SYNC_REGISTRY.loader(entity), entity).toBeTypeOf('function');
    expect(SYNC_REGISTRY.op('unknown.op')).toBeNull();
  });

  it('refuses to start with a domain, a handler or a loader missing', () => {
    const complete = serverSyncDomain(noteOp, { handlers: { 'note.add': handler }, loaders: { note: loader } });
    expect(() => syncRegistry([noteOp], [complete])).not.toThrow();
    expect(() => syncRegistry([noteOp], [])).toThrow('domain notes');
    const noHandler = { contract: noteOp, handlers: {}, loaders: { note: loader } };
    expect(() => syncRegistry([noteOp], [noHandler])).toThrow('handler of note.add');
    const noLoader = { contract: noteOp, handlers: { 'note.add': handler }, loaders: {} };
    expect(() => syncRegistry([noteOp], [noLoader])).toThrow('loader of note');
    expect(() => syncRegistry(SYNC_DOMAINS, [complete])).toThrow('contract/sync-domains.ts entry for notes');
  });
});
