/** What every route module receives, and the per-request values middleware leaves on the context. */
import type { Db } from './db/client';
import type { ServerEnv } from './env';
import type { Logger } from './lib/logger';
import type { TokenKeys } from './lib/tokens';
import type { VerificationSender } from './lib/verification-sender';

export type AppDeps = {
  db: Db;
  env: ServerEnv;
  keys: TokenKeys;
  sender: VerificationSender;
  logger: Logger;
};

export type AuthInfo = {
  accountId: number;
  sessionId: string;
  accountTypeCode: string;
};

export type AppEnv = {
  Variables: {
    auth: AuthInfo;
    requestId: string;
  };
};
