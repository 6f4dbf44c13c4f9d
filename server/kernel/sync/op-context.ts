/** What an op handler gets, and how it refuses an op. */
import type { OpChange, OpResult } from '@contract/sync';
import type { SyncEntity } from '@contract/sync-domains';
import type { Db } from '../db/client';
import type { CallerAccess } from '../membership';

export type OpContext = {
  /** The op's own transaction: a rejection undoes everything the handler wrote (server/kernel/sync/push.ts). */
  tx: Db;
  companyId: number;
  accountId: number;
  /** The sender's role and data scope, as it is when the op is applied (server/modules/roles reachCustomer uses it). */
  access: CallerAccess;
  deviceId: string;
  opId: string;
  now: Date;
  clientCreatedAt: Date;
};

export type OpSuccess = {
  outcome: 'applied' | 'applied_with_changes';
  entity?: { type: SyncEntity; id: string; data: unknown };
  changes?: OpChange[];
};

export type OpHandler<Payload> = (context: OpContext, payload: Payload) => Promise<OpSuccess>;

/** A business refusal: stored as the op's answer, never retried. */
export class OpRejection extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** What the person must accept before sending again (e.g. raised prices: from, to). */
    readonly changes?: OpChange[],
  ) {
    super(message);
  }

  toResult(opId: string): OpResult {
    return {
      opId,
      outcome: 'rejected',
      error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) },
      ...(this.changes?.length ? { changes: this.changes } : {}),
    };
  }
}
