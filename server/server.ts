/**
 * Starts everything one process needs: database (opened and migrated), seed data on first start,
 * the signing key, and the HTTP server. Tests call `startServer` with their own settings.
 */
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { AppDeps, FaultInjector } from './kernel/app-types';
import { openDatabase, type DatabaseHandle } from './kernel/db/client';
import { hasAnyAccount, seedAccountTypes, seedDemoData } from './seed/demo';
import { ensureAllCompanyRoles } from './modules/roles';
import type { ServerEnv } from './kernel/env';
import { createLogger, type Logger } from './lib/logger';
import { loadJwtSecret } from './kernel/secrets';
import { keysFromSecret } from './lib/tokens';
import { loggingSender, type VerificationSender } from './lib/verification-sender';

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  database: DatabaseHandle;
  stop: () => Promise<void>;
};

export type StartOptions = {
  env: ServerEnv;
  /** Use an already opened database (tests share one per file). */
  database?: DatabaseHandle;
  sender?: VerificationSender;
  logger?: Logger;
  /** Test-only fault injection (see AppDeps.faults). */
  faults?: FaultInjector;
};

export async function prepareDeps(options: StartOptions): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env.logLevel);
  const database = options.database ?? (await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir }));
  const { db } = database;
  if (!(await hasAnyAccount(db))) {
    if (env.seedDemo) {
      await seedDemoData(db, env.scryptLogN);
      logger.info('Đã tạo dữ liệu mẫu (tài khoản 0901234567 / Demo@2026)');
    } else {
      await seedAccountTypes(db);
    }
  }
  await ensureAllCompanyRoles(db);
  const keys = keysFromSecret(await loadJwtSecret(db, env.jwtSecret));
  const deps: AppDeps = { db, env, keys, logger, sender: options.sender ?? loggingSender(logger), faults: options.faults };
  return { deps, database };
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { deps, database } = await prepareDeps(options);
  const app = createApp(deps);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.env.port, hostname: options.env.host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.env.port;
  const host = options.env.host === '0.0.0.0' ? 'localhost' : options.env.host;
  return {
    url: `http://${host}:${port}`,
    port,
    deps,
    database,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.database) await database.close();
    },
  };
}
