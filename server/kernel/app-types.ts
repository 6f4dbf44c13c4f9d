/** What every route module receives, and the per-request values middleware leaves on the context. */
import type { FileStore } from './file-store';
import type { Db } from './db/client';
import type { MembershipRead } from './membership';
import type { ServerEnv } from './env';
import type { JobRunner } from './jobs';
import type { ReadRouting } from './db/replica';
import type { Vault } from './vault';
import type { Logger } from '@server/lib/logger';
import type { TokenKeys } from '@server/lib/tokens';
import type { VerificationSender } from '@server/lib/verification-sender';

/**
 * Test-only: decides what happens to a sync push answer after the server committed it, so tests can
 * prove that a lost or failed answer is safe to replay. Production servers have none.
 */
export type PushFault = 'drop-connection' | 'answer-500' | 'delay';
export type FaultInjector = { afterPush: () => PushFault | null; delayMs?: number };

export type AppDeps = {
  db: Db;
  env: ServerEnv;
  keys: TokenKeys;
  sender: VerificationSender;
  logger: Logger;
  faults?: FaultInjector;
  /** Seals and opens provider secrets (server/kernel/vault.ts). */
  vault: Vault;
  /** The durable job queue's runner in this process (server/kernel/jobs.ts): kick it after enqueueing. */
  jobs: JobRunner;
  /** Where the provider simulators answer, when they run (demo mode, tests); null otherwise. */
  simulatorUrl: string | null;
  /** The app's own origin as providers call it back (webhooks, OAuth redirects). */
  publicUrl: string;
  /** Where reads that may lag go (the replica, with read-your-writes) and the mark a write leaves. */
  reads: ReadRouting;
  /** The bytes of files that ops carry (contract/files.ts). */
  files: FileStore;
};

export type AuthInfo = {
  accountId: number;
  sessionId: string;
  accountTypeCode: string;
  /**
   * The caller's membership of the company the query string names, read with the session in one
   * statement (most calls name their company there); requireMembership uses it for that company.
   */
  companyRead?: { companyId: number; membership: MembershipRead | null };
};

export type AppEnv = {
  Variables: {
    auth: AuthInfo;
    requestId: string;
  };
};
