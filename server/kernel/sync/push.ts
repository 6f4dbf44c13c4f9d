/**
 * Applying pushed ops exactly once. Each op runs in its own transaction that first claims
 * (company, opId) in processed_ops and, at the end, stores the op's answer there; so a replay
 * returns the stored answer, a crash before commit leaves nothing behind, and a reused opId with
 * another payload is refused (IETF Idempotency-Key; docs/offline-sync.md "Ops: named intents, exactly once").
 * A refusal by the op's handler rolls its writes back with that transaction and is claimed, with
 * its answer, in one of its own: the way that is taken rarely costs a transaction, the one taken
 * nearly always saves a savepoint's two round trips.
 */
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { SWITCH_LABELS } from '@contract/company-switches';
import { can, permissionDenied } from '@contract/roles';
import { SUPPORTED_SCHEMA_VERSIONS, type OpResult, type WireOp } from '@contract/sync';
import { summarizeIssues } from '@contract/validation';
import { canonicalJson } from '@server/lib/canonical-json';
import type { Logger } from '@server/lib/logger';
import type { Db } from '../db/client';
import type { CallerAccess } from '../membership';
import { processedOps } from '../db/schema';
import { keepReads } from '../read-once';
import { rowsOf } from '../sql';
import { isSwitchOn, keepSwitches, switchesJson } from '../switches';
import { DEPTH_MESSAGE, jsonValueTooDeep, NUL_MESSAGE, nulPath } from '../validate';
import type { SyncRegistry } from './domain';
import { holdChanges, writeChanges, type ChangeInput } from './change-log';
import { OpRejection } from './op-context';

/** Who pushes: their role decides which ops they may apply. */
export type PushCaller = { companyId: number; accountId: number; deviceId: string; access: CallerAccess };

export type PushContext = { registry: SyncRegistry; caller: PushCaller; logger: Logger };

/** Thrown by decide when the handler refuses the op: rolls back what it wrote, and applyOp stores the refusal. */
class Refused extends Error {
  constructor(readonly result: OpResult) {
    super(result.error?.message);
  }
}

/** Thrown inside the transaction when the op cannot be decided yet; rolls back its claim. */
class RetryLater extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function payloadHash(op: WireOp): string {
  return crypto
    .createHash('sha256')
    .update(canonicalJson({ type: op.type, schemaVersion: op.schemaVersion, payload: op.payload }))
    .digest('hex');
}

function rejected(opId: string, code: string, message: string, fields?: Record<string, string>): OpResult {
  return { opId, outcome: 'rejected', error: { code, message, ...(fields ? { fields } : {}) } };
}

/** The op's payload as its schema read it: checked before anything else (applyOp). */
type Checked = { payload: unknown };

async function decide(tx: Db, { registry, caller }: PushContext, op: WireOp, checked: Checked, now: Date): Promise<OpResult> {
  if (op.dependsOn.length > 0) {
    const deps = await tx
      .select({ opId: processedOps.opId, outcome: processedOps.outcome })
      .from(processedOps)
      .where(and(eq(processedOps.companyId, caller.companyId), inArray(processedOps.opId, op.dependsOn)));
    if (deps.length < new Set(op.dependsOn).size) throw new RetryLater('DEPENDENCY_PENDING', 'Thao tác trước đó chưa được xử lý');
    if (deps.some((dep) => dep.outcome === 'rejected')) {
      return rejected(op.opId, 'DEPENDENCY_REJECTED', 'Không thể xử lý vì thao tác trước đó đã bị từ chối');
    }
  }
  if (!SUPPORTED_SCHEMA_VERSIONS.includes(op.schemaVersion)) {
    return rejected(op.opId, 'UNSUPPORTED_VERSION', 'Phiên bản ứng dụng không còn được hỗ trợ, vui lòng cập nhật ứng dụng');
  }
  const registered = registry.op(op.type);
  if (!registered) return rejected(op.opId, 'UNKNOWN_OP', `Thao tác "${op.type}" không được hỗ trợ`);
  const { spec, handler } = registered;
  // Decided when applied: a role taken away while the rep was offline refuses what they queued.
  const [area, action] = spec.permission;
  if (!can(caller.access, area, action)) return rejected(op.opId, 'FORBIDDEN', permissionDenied(area, action));
  // So is a company switch turned off meanwhile: the server refuses what the menu no longer offers.
  if (spec.requires && !(await isSwitchOn(tx, caller.companyId, spec.requires))) {
    return rejected(op.opId, 'FEATURE_OFF', `Công ty chưa bật chức năng ${SWITCH_LABELS[spec.requires]}`);
  }
  try {
    const success = await handler(
      {
        tx,
        companyId: caller.companyId,
        accountId: caller.accountId,
        access: caller.access,
        deviceId: caller.deviceId,
        opId: op.opId,
        now,
        clientCreatedAt: new Date(op.clientCreatedAt),
      },
      checked.payload,
    );
    return { opId: op.opId, ...success };
  } catch (error) {
    // Its writes go with the transaction; the refusal is stored in one of its own (applyOp).
    if (error instanceof OpRejection) throw new Refused(error.toResult(op.opId));
    throw error;
  }
}

/** The stored answer of an op already claimed (a replay), or a refusal of an op id reused with another payload. */
async function storedAnswer(tx: Db, caller: PushCaller, op: WireOp, hash: string): Promise<OpResult> {
  const [stored] = await tx
    .select({ payloadHash: processedOps.payloadHash, result: processedOps.result })
    .from(processedOps)
    .where(and(eq(processedOps.companyId, caller.companyId), eq(processedOps.opId, op.opId)));
  if (!stored || stored.payloadHash !== hash) {
    return rejected(op.opId, 'IDEMPOTENCY_KEY_REUSED', 'Mã thao tác đã được dùng cho một nội dung khác');
  }
  return stored.result as OpResult;
}

/**
 * Claims the op in processed_ops (pending, or with its answer); `claimed` is false when it was
 * claimed before (storedAnswer). The company's switches come with it (switchesJson): one round trip
 * for the two things every op needs first.
 */
async function claim(tx: Db, caller: PushCaller, op: WireOp, hash: string, result: OpResult | null) {
  const [row] = rowsOf<{ claimed: boolean; switches: Record<string, boolean> | string }>(
    await tx.execute(sql`
      with claimed as (
        insert into processed_ops (company_id, op_id, account_id, device_id, type, payload_hash, outcome, result)
        values (${caller.companyId}, ${op.opId}, ${caller.accountId}, ${caller.deviceId}, ${op.type}, ${hash},
                ${result?.outcome ?? 'pending'}, ${JSON.stringify(result ?? {})}::jsonb)
        on conflict do nothing
        returning op_id
      )
      select exists (select 1 from claimed) as claimed, ${switchesJson(caller.companyId)} as switches`),
  );
  return { claimed: row!.claimed, switches: row!.switches };
}

export async function applyOp(db: Db, push: PushContext, op: WireOp): Promise<OpResult> {
  const { caller } = push;
  // The payload is checked before anything walks it or writes its claim (docs/security.md "JSON bounds"): its depth (a
  // body comes through readJson, which bounds it, but this holds for any caller), then its op's
  // schema. What fails is refused the same way every time, never retried.
  if (jsonValueTooDeep(op.payload)) return rejected(op.opId, 'VALIDATION_FAILED', DEPTH_MESSAGE, { payload: DEPTH_MESSAGE });
  const registered = push.registry.op(op.type);
  const parsed = registered ? v.safeParse(registered.spec.schema, op.payload) : null;
  if (parsed && !parsed.success) {
    const { message, fields } = summarizeIssues(parsed.issues);
    return rejected(op.opId, 'VALIDATION_FAILED', message, fields);
  }
  const checked: Checked = { payload: parsed ? parsed.output : op.payload };
  // Text with a NUL character cannot be stored (not even its claim): refused before anything is
  // written, the same way every time, instead of failing in the database at every retry and
  // blocking the device's queue behind it.
  const nul = nulPath({ type: op.type, payload: op.payload });
  if (nul !== null) return rejected(op.opId, 'VALIDATION_FAILED', NUL_MESSAGE, { [nul]: NUL_MESSAGE });
  const hash = payloadHash(op);
  try {
    return await db.transaction(async (tx) => {
      const { claimed, switches } = await claim(tx, caller, op, hash, null);
      if (!claimed) return storedAnswer(tx, caller, op, hash);
      keepReads(tx);
      keepSwitches(tx, caller.companyId, switches);
      const held: ChangeInput[] = [];
      const result = await holdChanges(tx, held, () => decide(tx, push, op, checked, new Date()));
      // Its answer and its changes in one statement, the last before the commit: the company's
      // change-log lock is held for that statement only, and whatever the handler locked last (an
      // order's code counter) one round trip less.
      const answered = sql`update processed_ops set outcome = ${result.outcome}, result = ${JSON.stringify(result)}::jsonb
        where company_id = ${caller.companyId} and op_id = ${op.opId}`;
      await writeChanges(tx, held, answered);
      return result;
    });
  } catch (error) {
    if (error instanceof Refused) return refuse(db, push, op, hash, error.result);
    return retryAnswer(push, op, error);
  }
}

/**
 * A refused op: the handler's writes rolled back with its transaction, the refusal is claimed in a
 * new one, so a replay gets the same answer. Between the two another request may have applied the
 * same op; its stored answer is then the one.
 */
async function refuse(db: Db, push: PushContext, op: WireOp, hash: string, result: OpResult): Promise<OpResult> {
  try {
    return await db.transaction(async (tx) =>
      (await claim(tx, push.caller, op, hash, result)).claimed ? result : storedAnswer(tx, push.caller, op, hash),
    );
  } catch (error) {
    return retryAnswer(push, op, error);
  }
}

function retryAnswer({ logger }: PushContext, op: WireOp, error: unknown): OpResult {
  if (error instanceof RetryLater) return { opId: op.opId, outcome: 'retry', error: { code: error.code, message: error.message } };
  logger.error({ err: error, opId: op.opId, type: op.type }, 'op failed');
  return { opId: op.opId, outcome: 'retry', error: { code: 'INTERNAL', message: 'Máy chủ chưa xử lý được, sẽ thử lại sau' } };
}

/**
 * Applies a batch in order and stops at the first op that must be retried, so causal order
 * (check-in, order, check-out) holds; ops after it get no answer and are sent again.
 */
export async function applyBatch(db: Db, push: PushContext, ops: WireOp[]): Promise<OpResult[]> {
  const results: OpResult[] = [];
  for (const op of ops) {
    const result = await applyOp(db, push, op);
    results.push(result);
    if (result.outcome === 'retry') break;
  }
  return results;
}
