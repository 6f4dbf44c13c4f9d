/**
 * The server's half of a synced domain (contract/sync.ts defineSyncDomain): a handler per op and a
 * loader per mirrored entity. The kernel (push.ts, pull.ts) reaches a domain only through the
 * registry built here from every domain's half; it never imports a domain.
 */
import type { SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import type { SyncDomainContract, SyncOpSpec } from '@contract/sync';
import type { Db } from '../db/client';
import type { OpHandler } from './op-context';

/**
 * The current data of some records of one entity of one company, by id (as text). `scope` narrows
 * them to what the reader may see (their data scope); an entity that has none gets null.
 */
export type EntityLoader = (db: Db, companyId: number, ids: string[], scope: SQL | null) => Promise<Map<string, unknown>>;

type PayloadOf<Spec> = Spec extends { schema: infer S extends v.GenericSchema } ? v.InferOutput<S> : never;

export type ServerSyncDomain<D extends SyncDomainContract = SyncDomainContract> = {
  contract: D;
  handlers: { [T in keyof D['ops']]: OpHandler<PayloadOf<D['ops'][T]>> };
  loaders: { [E in D['entities'][number]]: EntityLoader };
};

export function serverSyncDomain<const D extends SyncDomainContract>(
  contract: D,
  parts: Omit<ServerSyncDomain<D>, 'contract'>,
): ServerSyncDomain<D> {
  return { contract, ...parts };
}

/** Any domain's server half, whatever its payload types (the registry validates payloads first). */
export type AnyServerSyncDomain = {
  contract: SyncDomainContract;
  handlers: Record<string, OpHandler<never>>;
  loaders: Record<string, EntityLoader>;
};

export type RegisteredOp = { spec: SyncOpSpec; handler: OpHandler<unknown> };

export type SyncRegistry = {
  op: (type: string) => RegisteredOp | null;
  loader: (entity: string) => EntityLoader | null;
};

/**
 * The registry of every synced domain. Refuses to start with a contract domain that has no server
 * half, an op without a handler or an entity without a loader: a phone could queue an op or the
 * change log hold a record the server cannot answer.
 */
export function syncRegistry(contracts: readonly SyncDomainContract[], domains: readonly AnyServerSyncDomain[]): SyncRegistry {
  const ops = new Map<string, RegisteredOp>();
  const loaders = new Map<string, EntityLoader>();
  const missing: string[] = [];
  for (const contract of contracts) {
    const domain = domains.find((candidate) => candidate.contract.name === contract.name);
    if (!domain) {
      missing.push(`domain ${contract.name}`);
      continue;
    }
    // A payload reaches its handler only after the op's schema accepted it (push.ts decide).
    const handlers = domain.handlers as Record<string, OpHandler<unknown> | undefined>;
    const entityLoaders: Record<string, EntityLoader | undefined> = domain.loaders;
    for (const [type, spec] of Object.entries(contract.ops)) {
      const handler = handlers[type];
      if (handler) ops.set(type, { spec, handler });
      else missing.push(`handler of ${type}`);
    }
    for (const entity of contract.entities) {
      const loader = entityLoaders[entity];
      if (loader) loaders.set(entity, loader);
      else missing.push(`loader of ${entity}`);
    }
  }
  for (const domain of domains) {
    if (!contracts.includes(domain.contract)) missing.push(`contract/sync-domains.ts entry for ${domain.contract.name}`);
  }
  if (missing.length > 0) throw new Error(`Synced domains incomplete: ${missing.join(', ')}`);
  return { op: (type) => ops.get(type) ?? null, loader: (entity) => loaders.get(entity) ?? null };
}
