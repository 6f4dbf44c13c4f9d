/**
 * Starts everything one process needs: database (opened and migrated), seed data on first start,
 * the signing key, and the HTTP server. Tests call `startServer` with their own settings.
 */
import { diskFileStore } from '@server/kernel/file-store';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import type { AppDeps, FaultInjector } from './kernel/app-types';
import { openDatabase, type DatabaseHandle } from './kernel/db/client';
import { prepareData, reportFirstAdmin } from './prepare-data';
import { seedDemoDelivery } from './seed/demo-delivery';
import { configuredSender } from './modules/auth';
import { zaloFirstSender } from './modules/messaging';
import { scheduleLicenceNotices } from './modules/pharma';
import { schedulePositionRetention } from './modules/visits';
import { scheduleFileCleanup } from './modules/files';
import { restoreDemoPhotos } from './seed/demo-photos';
import type { ServerEnv } from './kernel/env';
import { createLogger, type Logger } from './lib/logger';
import { loadJwtSecret } from './kernel/secrets';
import { keysFromSecret } from './lib/tokens';
import { loggingSender, type VerificationSender } from './lib/verification-sender';
import { createJobRunner } from './kernel/jobs';
import { readRouting } from './kernel/db/replica';
import { PLATFORM_BANK_MISSING } from './kernel/platform-bank';
import { JOB_HANDLERS } from './job-handlers';
import { startSimulatorHost } from '@simulators/host';
import { SIMULATORS } from '@simulators/index';

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
  /** Simulators already started by the caller (tests): their base URL. */
  simulatorUrl?: string | null;
  /** Run the job queue in the background (default); tests may drain it themselves instead. */
  backgroundJobs?: boolean;
};

export async function prepareDeps(
  options: StartOptions,
): Promise<{ deps: AppDeps; database: DatabaseHandle; stopSimulators: () => Promise<void> }> {
  const { env } = options;
  const logger = options.logger ?? createLogger(env.logLevel);
  const database =
    options.database ?? (await openDatabase({ databaseUrl: env.databaseUrl, replicaUrl: env.replicaUrl, dataDir: env.dataDir }));
  const { db } = database;
  // Demo mode: the providers' simulators beside the app, started before the seed, which connects
  // the demo companies to them (or given: tests, and a cluster's primary through SIMULATOR_URL).
  let simulatorUrl = options.simulatorUrl ?? env.simulatorUrl;
  let started: AppDeps | null = null;
  let stopSimulators: () => Promise<void> = async () => undefined;
  if (simulatorUrl === null && env.simulators) {
    try {
      // Providers' webhooks go to the app's address, known once it listens (deps.publicUrl).
      const host = await startSimulatorHost(SIMULATORS, { port: env.simulatorPort, appUrl: () => started?.publicUrl ?? null });
      simulatorUrl = host.url;
      stopSimulators = host.stop;
      logger.info({ url: host.url }, 'Trình giả lập đối tác đang chạy');
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
      // Another process of this app (a second API process on one PostgreSQL) serves them already.
      simulatorUrl = `http://127.0.0.1:${env.simulatorPort}`;
      logger.info({ url: simulatorUrl }, 'Trình giả lập đối tác đã chạy ở tiến trình khác');
    }
  }
  const { vault, demoSeeded, firstAdmin } = await prepareData(db, env, { providers: simulatorUrl !== null });
  if (demoSeeded) logger.info('Đã tạo dữ liệu mẫu (tài khoản 0901234567 / Demo@2026)');
  reportFirstAdmin(logger, firstAdmin);
  // A production start without the platform's bank account: package pages say so instead of showing one.
  if (!env.platformBank) logger.warn(PLATFORM_BANK_MISSING);
  const keys = await keysFromSecret(await loadJwtSecret(db, env.jwtSecret));
  const jobs = createJobRunner({
    pollMs: env.jobPollMs,
    leaseMs: Math.max(60_000, env.providerTimeoutMs * 4),
    retryBaseMs: env.jobRetryBaseMs,
    concurrency: env.jobConcurrency,
  });
  const deps: AppDeps = {
    db,
    env,
    keys,
    logger,
    // Replaced below by the sender the environment chooses, which needs the other deps.
    sender: options.sender ?? loggingSender(logger),
    faults: options.faults,
    vault,
    jobs,
    simulatorUrl,
    publicUrl: env.publicUrl ?? `http://localhost:${env.port}`,
    reads: readRouting(db, database.replica),
    files: diskFileStore(env.filesDir),
  };
  started = deps;
  // Demo mode: the demo photos' bytes, where a database copied from a template has their rows only (server/seed/demo-photos.ts).
  if (env.seedDemo) await restoreDemoPhotos(db, deps.files);
  if (!options.sender) {
    deps.sender = configuredSender(deps);
    if (env.otpZaloCompany !== null) deps.sender = zaloFirstSender(deps, env.otpZaloCompany, deps.sender);
  }
  // Demo mode: An Khang's carrier accounts at the simulators and deliveries under way (server/seed/demo-delivery.ts).
  if (demoSeeded && env.simulators && simulatorUrl) {
    await seedDemoDelivery(deps).catch((error: unknown) => logger.warn({ err: error }, 'demo deliveries not seeded'));
  }
  // Reps hear each morning of their customers' certificates running out (server/modules/pharma).
  await scheduleLicenceNotices(db);
  // Visits' GPS positions past the company's days are removed each night (contract/visits-place.ts REP_LOCATION_RULES).
  await schedulePositionRetention(db);
  // Files no op attached (contract/files.ts UNATTACHED_FILE_DAYS) are removed each night.
  await scheduleFileCleanup(db);
  await jobs.start(deps, JOB_HANDLERS, options.backgroundJobs ?? true, database.listen);
  return { deps, database, stopSimulators };
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { deps, database, stopSimulators } = await prepareDeps(options);
  const app = createApp(deps);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.env.port, hostname: options.env.host }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.env.port;
  const host = options.env.host === '0.0.0.0' ? 'localhost' : options.env.host;
  // Providers call back the port actually bound (a test server listens on a free one).
  if (!options.env.publicUrl) deps.publicUrl = `http://${host}:${port}`;
  return {
    url: `http://${host}:${port}`,
    port,
    deps,
    database,
    stop: async () => {
      await deps.jobs.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopSimulators();
      if (!options.database) await database.close();
    },
  };
}
