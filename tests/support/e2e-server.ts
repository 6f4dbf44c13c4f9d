/**
 * The real server for browser tests: started in-process on a free loopback port, over a fresh
 * database (in-memory PGlite, or a throwaway database on the PostgreSQL cluster when
 * TEST_PG_ADMIN_URL is set) seeded with the demo data, serving the BUILT client from dist/ under
 * the production security headers. Forgot-password codes are captured instead of logged.
 * One per test file: start it in beforeAll, stop it in afterAll.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../server/server';
import type { VerificationSender } from '../../server/lib/verification-sender';
import { openTestDatabase } from '../../server/testing/test-database';
import { testEnv } from '../../server/testing/test-server';

export const DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

export type SentCode = { phone: string; code: string };

export type E2eServer = {
  /** Origin of the app, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Forgot-password verification codes, in the order the server sent them. */
  sentCodes: SentCode[];
  stop: () => Promise<void>;
};

export async function startE2eServer(): Promise<E2eServer> {
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) {
    throw new Error(
      `The browser tests serve the built client, but ${path.join(DIST_DIR, 'index.html')} is missing. ` +
        'Run `npx vite build` first, then run the e2e tests again.',
    );
  }
  const sentCodes: SentCode[] = [];
  const sender: VerificationSender = {
    async sendResetCode(phone, code) {
      sentCodes.push({ phone, code });
    },
  };
  const database = await openTestDatabase();
  try {
    const running = await startServer({
      env: testEnv({ port: 0, host: '127.0.0.1', staticDir: DIST_DIR, seedDemo: true, scryptLogN: 14, logLevel: 'silent' }),
      database,
      sender,
    });
    return {
      url: running.url,
      sentCodes,
      stop: async () => {
        await running.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
