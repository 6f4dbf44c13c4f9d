/**
 * The real server serving the bench build (.tmp/bench-dist) and the API on one loopback origin, over
 * a fresh in-memory PGlite with the demo data: what Lighthouse and the offline start load.
 */
import { startServer } from '@server/server';
import { openTestDatabase } from '@server/testing/test-database';
import { testEnv } from '@server/testing/test-server';
import { BENCH_DIST } from './bench-build';

export const DEMO_SIGN_IN = { phone: '0901234567', password: 'Demo@2026', company: 'Công ty Dược phẩm An Khang' } as const;

export async function startBenchApp(staticDir: string = BENCH_DIST) {
  const database = await openTestDatabase();
  const running = await startServer({ env: testEnv({ staticDir }), database });
  return {
    url: running.url,
    stop: async () => {
      await running.stop();
      await database.close();
    },
  };
}
