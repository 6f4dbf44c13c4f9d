/**
 * The real server serving the built client (dist/) over a fresh database with the demo data, for
 * benchmarks and browser tests.
 */
import path from 'node:path';
import { startServer } from '@server/server';
import type { VerificationSender } from '@server/lib/verification-sender';
import { openTestDatabase } from '@server/testing/test-database';
import { testEnv } from '@server/testing/test-server';

export async function startBuiltAppServer(options: { sender?: VerificationSender } = {}) {
  const database = await openTestDatabase();
  const running = await startServer({ env: testEnv({ staticDir: path.resolve('dist') }), database, sender: options.sender });
  return {
    url: running.url,
    deps: running.deps,
    stop: async () => {
      await running.stop();
      await database.close();
    },
  };
}
