/** Location calls (spec §7 "Location", prefix /location/v2/api). Implemented in issue #4. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../app-types';

export function locationRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false });
}
