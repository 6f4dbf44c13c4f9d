/** Customer calls (spec §7 "Customer", prefix /customer/api). Implemented in issue #4. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-types';
import { authenticate } from '../../middleware/authenticate';

export function customerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  return app;
}
