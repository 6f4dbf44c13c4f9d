/**
 * The client's half of a synced domain (contract/sync.ts defineSyncDomain): how each mirrored
 * entity is kept in a Dexie table, what the feature calls to record each op on the device, and
 * what an answer does to the local record. The sync kernel (mirror, drain, pull) reaches a domain
 * only through the registry (registry.ts); it never imports a feature. Recipe: docs/adding-a-domain.md.
 */
import type { OpResult, SyncDomainContract } from '@contract/sync';
import type { AppDb } from '@/db/app-db';

/** A mirror's rows as the sync kernel writes them: a Dexie table, or packs (src/db/packed-table.ts). */
export type MirrorRows = {
  /** The IndexedDB table a transaction writing them must lock. */
  readonly name: string;
  bulkGet(keys: (string | number)[]): PromiseLike<unknown[]>;
  bulkPut(rows: readonly unknown[]): PromiseLike<unknown>;
  bulkDelete(keys: (string | number)[]): PromiseLike<unknown>;
  /** Rows per bulkPut when a pull page is applied, where the table takes more than mirror.ts's default. */
  readonly writeChunk?: number;
  /** Further tables its writes reach (a row kept from them: src/db/customer-seen.ts). */
  readonly alsoLocks?: readonly string[];
};

/** One server entity as the device mirrors it. */
export type Mirror = {
  table: (db: AppDb) => MirrorRows;
  /** Server ids arrive as text; numeric tables key by number. */
  key: (id: string) => string | number;
  /** The row the device stores for a server record (search text, sync state…). */
  toLocal: (record: never) => unknown;
  /** Rows of one company that a reset may drop: never those with work still queued. */
  ofCompany: (db: AppDb, companyId: number) => { delete: () => Promise<number> };
  /** What only the device knows about a record and a newer server copy must not wipe. */
  keepLocal?: (existing: never) => object;
};

/** What an op's answer does to the record it was about, inside the transaction recording it. */
export type AnswerHook = (db: AppDb, id: string, result: OpResult) => Promise<void>;

export type ClientSyncDomain<D extends SyncDomainContract = SyncDomainContract> = {
  contract: D;
  mirrors: { [E in D['entities'][number]]: Mirror };
  /**
   * The feature's functions that record each op on the device: the local row and the op in one
   * Dexie transaction (local-write.ts writeWithOp), so both are saved or neither.
   */
  writers: { [T in keyof D['ops']]: (...args: never[]) => Promise<unknown> };
  /** Refused: mark the local record (its chip shows why). Keyed by the entity the op was about. */
  onRejected?: Partial<Record<D['entities'][number], AnswerHook>>;
  /** Applied, possibly with changes the server made (stock short): keep what the person must see. */
  onApplied?: Partial<Record<D['entities'][number], AnswerHook>>;
};

export function clientSyncDomain<const D extends SyncDomainContract>(
  contract: D,
  parts: Omit<ClientSyncDomain<D>, 'contract'>,
): ClientSyncDomain<D> {
  return { contract, ...parts };
}

/** Any domain's client half, whatever its writers' signatures. */
export type AnyClientSyncDomain = {
  contract: SyncDomainContract;
  mirrors: Record<string, Mirror>;
  writers: Record<string, (...args: never[]) => Promise<unknown>>;
  onRejected?: Partial<Record<string, AnswerHook>>;
  onApplied?: Partial<Record<string, AnswerHook>>;
};
