/**
 * The sync protocol (docs/architecture.md "Offline-first"; docs/offline-sync.md).
 * Push: the client sends named intents (ops) with a unique opId; the server applies each at most
 * once and answers a result per op. Pull: the client pages through the company's change log from
 * its cursor; deletes arrive as tombstones; `reset` tells it to start over from cursor 0.
 */
import * as v from 'valibot';
import type { FeatureCode } from './company-switches';
import type { PermissionAction, PermissionArea } from './roles';
import { idField, isoInstantField, uuidField } from './validation';

/** The op format version this client writes. The server still accepts older ones it lists. */
export const SYNC_SCHEMA_VERSION = 1;
export const SUPPORTED_SCHEMA_VERSIONS: readonly number[] = [1];

export const MAX_OPS_PER_PUSH = 100;
export const MAX_PULL_LIMIT = 2000;
export const DEFAULT_PULL_LIMIT = 1000;

export const OpSchema = v.object(
  {
    opId: uuidField('Mã thao tác'),
    type: v.pipe(v.string('Loại thao tác không hợp lệ'), v.maxLength(64, 'Loại thao tác không hợp lệ')),
    schemaVersion: v.pipe(v.number('Phiên bản dữ liệu không hợp lệ'), v.integer('Phiên bản dữ liệu không hợp lệ')),
    clientCreatedAt: isoInstantField('Thời điểm tạo'),
    payload: v.unknown(),
    dependsOn: v.optional(
      v.pipe(v.array(uuidField('Thao tác phụ thuộc'), 'Danh sách phụ thuộc không hợp lệ'), v.maxLength(20, 'Quá nhiều thao tác phụ thuộc')),
      [],
    ),
  },
  'Thao tác không hợp lệ',
);
export type WireOp = v.InferOutput<typeof OpSchema>;

export const PushRequestSchema = v.object(
  {
    company: idField('công ty'),
    deviceId: uuidField('Mã thiết bị'),
    ops: v.pipe(
      v.array(OpSchema, 'Danh sách thao tác không hợp lệ'),
      v.minLength(1, 'Không có thao tác nào để gửi'),
      v.maxLength(MAX_OPS_PER_PUSH, `Mỗi lần gửi tối đa ${MAX_OPS_PER_PUSH} thao tác`),
    ),
  },
  'Dữ liệu gửi lên phải là một đối tượng JSON',
);

/**
 * applied: done as asked. applied_with_changes: done, but the server changed something (prices,
 * quantities) and says what. rejected: not done, with a reason the person can act on; the op will
 * not be retried. retry: the server could not decide now (a dependency not yet processed, a
 * transient failure); send it again later.
 */
export type OpOutcome = 'applied' | 'applied_with_changes' | 'rejected' | 'retry';

export type OpChange = { field: string; from: unknown; to: unknown; message: string };

export type OpResult = {
  opId: string;
  outcome: OpOutcome;
  /** The record as the server now has it (official code, server timestamps). */
  entity?: { type: string; id: string; data: unknown };
  changes?: OpChange[];
  error?: { code: string; message: string; fields?: Record<string, string> };
};

export type PushAnswer = { results: OpResult[]; serverTime: string };

/** One row of the change log as a pull answers it; `entity` is one of contract/sync-domains.ts SYNC_ENTITIES. */
export type SyncChange = { seq: number; entity: string; id: string; op: 'upsert' | 'delete'; data?: unknown };

export type PullAnswer = {
  changes: SyncChange[];
  /** Give this back as `cursor` to get what comes after. */
  cursor: number;
  hasMore: boolean;
  /**
   * How many changes remain after this page (a first sync's progress bar), when the request asked
   * with `count=1`: counting costs a scan of the rest of the log, so a device asks once per run.
   */
  remaining?: number;
  /**
   * The cursor is older than what the server keeps, or the member's data scope changed since the
   * device pulled (another role or region): drop the mirrored data and pull from 0.
   */
  reset: boolean;
  /** Which customers these changes were chosen for (the member's data scope); give it back as `scope`. */
  scopeKey?: string;
  serverTime: string;
};

export const PullQuerySchema = v.object({
  company: idField('công ty'),
  cursor: v.pipe(v.optional(v.string(), '0'), v.regex(/^\d{1,15}$/, 'Con trỏ đồng bộ không hợp lệ'), v.transform(Number)),
  scope: v.optional(v.pipe(v.string(), v.maxLength(2000, 'Phạm vi đồng bộ không hợp lệ'))),
  count: v.optional(v.picklist(['0', '1'], 'Tham số count chỉ nhận 0 hoặc 1')),
  limit: v.pipe(
    v.optional(v.string(), String(DEFAULT_PULL_LIMIT)),
    v.regex(/^\d{1,6}$/, 'Số bản ghi mỗi trang không hợp lệ'),
    v.transform(Number),
    v.minValue(1, 'Số bản ghi mỗi trang không hợp lệ'),
    v.maxValue(MAX_PULL_LIMIT, `Mỗi trang tối đa ${MAX_PULL_LIMIT} bản ghi`),
  ),
});

export const syncPaths = {
  push: '/sync/push',
  pull: '/sync/pull',
} as const;

/**
 * A pull page with more after it names the following page's cursor in this header too, so a device
 * can ask for that page while it still downloads and reads this one (src/sync/pull.ts).
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

// ---- Synced domains ------------------------------------------------------------------------------

/** An op a domain lets a device queue: what its payload must be, what it is called, who may send it. */
export type SyncOpSpec<S extends v.GenericSchema = v.GenericSchema> = {
  schema: S;
  /** How the outbox and the diagnostics page name it. */
  label: string;
  /** What the sender's role must allow, checked when the op is applied (a role may change offline). */
  permission: readonly [PermissionArea, PermissionAction];
  /** The company switch the op needs; with it off the server refuses the op. */
  requires?: FeatureCode;
};

/**
 * Who a mirrored entity is pulled for: a member whose role allows one of `anyOf` (what the same
 * person may read over the API, or needs for an op they may send: a rep's cart prices by the price
 * policies and shows stock), in a company with `requires` on. Anyone else's phone never receives it
 * (server/modules/sync/sync.routes.ts; docs/decisions.md "What a phone pulls").
 */
export type SyncEntityRead = {
  anyOf: readonly (readonly [PermissionArea, PermissionAction])[];
  requires?: FeatureCode;
};

/**
 * What one domain syncs with the phones: the records it mirrors (entities of the change log) with
 * who may read each, and the ops a device may queue. The server and the client each add their half
 * (docs/adding-a-domain.md).
 */
export type SyncDomainContract = {
  name: string;
  entities: readonly string[];
  reads: Record<string, SyncEntityRead>;
  ops: Record<string, SyncOpSpec>;
};

export function defineSyncDomain<const D extends SyncDomainContract & { reads: Record<D['entities'][number], SyncEntityRead> }>(
  domain: D,
): D {
  return domain;
}
