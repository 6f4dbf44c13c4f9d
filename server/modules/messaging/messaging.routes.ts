/**
 * The messaging calls under /zalo-oa (product-spec.md §7 "Messaging integration"): zalo-oas and
 * submit-new-oa (./oa.routes.ts), followers and templates (./followers.routes.ts), messages and
 * conversations (./messages.routes.ts), send-multiple (./campaigns.routes.ts) and Zalo's webhook
 * (./webhook.routes.ts).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { followerRoutes } from './followers.routes';
import { messageRoutes } from './messages.routes';
import { oaRoutes } from './oa.routes';
import { campaignRoutes } from './campaigns.routes';
import { webhookRoutes } from './webhook.routes';

export function messagingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  // Zalo's webhook first: no sign-in (the others' middleware would ask for one).
  app.route('/', webhookRoutes(deps));
  app.route('/', oaRoutes(deps));
  app.route('/', followerRoutes(deps));
  app.route('/', messageRoutes(deps));
  app.route('/', campaignRoutes(deps));
  return app;
}
