/**
 * `npm start` / `npm run dev` entry: read the environment, start, stop cleanly on signals.
 * With WORKERS=n (PostgreSQL only) the first process migrates, seeds and starts the simulators once,
 * then runs n API processes sharing the port (node:cluster); whatever must happen once (change-log
 * sequence, running codes, jobs, token rotation) is arbitrated by PostgreSQL, not by a process.
 */
import cluster from 'node:cluster';
import { FolderLockedError } from './kernel/db/folder-lock';
import { readEnv, type ServerEnv } from './kernel/env';
import { prepareDeps, startServer, type RunningServer } from './server';

const env = readEnv();

function onStopSignal(stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stop().then(() => process.exit(0));
    });
  }
}

async function runOne(settings: ServerEnv): Promise<RunningServer> {
  try {
    return await startServer({ env: settings });
  } catch (error) {
    // Another server holds the PGlite folder (server/kernel/db/folder-lock.ts): say so plainly, no stack.
    if (!(error instanceof FolderLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function runPrimary(): Promise<void> {
  if (!env.databaseUrl) {
    console.error(`WORKERS=${env.workers} cần PostgreSQL (DATABASE_URL): PGlite chỉ cho một tiến trình trên một thư mục dữ liệu.`);
    process.exit(1);
  }
  // Migrate, seed and start the simulators once, before any worker opens the database.
  const { deps, database, stopSimulators } = await prepareDeps({ env, backgroundJobs: false });
  await database.close();
  const workerEnv = { WORKERS: '1', SIMULATORS: 'false', SIMULATOR_URL: deps.simulatorUrl ?? '' };
  let stopping = false;
  const fork = () => cluster.fork(workerEnv);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    // A worker that died is replaced; the others go on serving meanwhile.
    deps.logger.error({ pid: worker.process.pid, code, signal }, 'API process exited; starting another');
    fork();
  });
  for (let i = 0; i < env.workers; i += 1) fork();
  onStopSignal(async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker) return resolve();
            worker.once('exit', () => resolve());
            worker.kill('SIGTERM');
          }),
      ),
    );
    await stopSimulators();
  });
}

async function runWorker(): Promise<void> {
  const running = await runOne(env);
  onStopSignal(running.stop);
  // A worker whose primary died (SIGKILL) stops too, instead of serving on as an orphan.
  if (cluster.isWorker) process.on('disconnect', () => process.exit(1));
  // Said only once the handlers above are in place: whoever waits for this line may stop the server
  // at once (a SIGTERM before them would kill it without releasing the data folder's lock).
  running.deps.logger.info(
    { url: running.url, database: running.database.driver, dataDir: env.databaseUrl ? undefined : env.dataDir, pid: process.pid },
    `Máy chủ đang chạy tại ${running.url}`,
  );
}

if (env.workers > 1 && cluster.isPrimary) await runPrimary();
else await runWorker();
