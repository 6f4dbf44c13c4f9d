/** `npm start` / `npm run dev` entry: read the environment, start, stop cleanly on signals. */
import { readEnv } from './kernel/env';
import { startServer } from './server';

const env = readEnv();
const running = await startServer({ env });
running.deps.logger.info(
  { url: running.url, database: running.database.driver, dataDir: env.databaseUrl ? undefined : env.dataDir },
  `Máy chủ đang chạy tại ${running.url}`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void running.stop().then(() => process.exit(0));
  });
}
