/** `npm start` / `npm run dev` entry: read the environment, start, stop cleanly on signals. */
import { FolderLockedError } from './kernel/db/folder-lock';
import { readEnv } from './kernel/env';
import { startServer, type RunningServer } from './server';

const env = readEnv();
let running: RunningServer;
try {
  running = await startServer({ env });
} catch (error) {
  // Another server holds the PGlite folder (server/kernel/db/folder-lock.ts): say so plainly, no stack.
  if (!(error instanceof FolderLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void running.stop().then(() => process.exit(0));
  });
}

// Said only once the handlers above are in place: whoever waits for this line may stop the server
// at once (a SIGTERM before them would kill it without releasing the data folder's lock).
running.deps.logger.info(
  { url: running.url, database: running.database.driver, dataDir: env.databaseUrl ? undefined : env.dataDir },
  `Máy chủ đang chạy tại ${running.url}`,
);
