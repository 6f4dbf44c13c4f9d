/**
 * The Zalo simulator (docs/messaging.md "Simulator"), served under /zalo: OAuth v4 at /zalo/oauth
 * (for https://oauth.zaloapp.com), the OA Open API at /zalo/openapi (https://openapi.zalo.me) and
 * ZNS at /zalo/business (https://business.openapi.zalo.me). Below `__sim/`, what the outside world
 * does to the app: a user writes to or follows the OA (its event sent to the app's webhook), apps
 * registered, rate limit and phones without Zalo set, tokens revoked; and `__sim/chat`, a page where
 * a person trying the demo writes to the OA as one of its followers.
 */
import { Hono } from 'hono';
import type { SimulatorFactory } from '../host';
import { oauthRoutes } from './oauth';
import { openApiRoutes } from './openapi';
import { createZaloState } from './state';
import { znsRoutes } from './zns';
import {
  chat,
  configure,
  emit,
  registerApp,
  revokeTokens,
  simState,
  userFollows,
  userSends,
  type ZaloEvent,
  type ZaloSim,
} from './handlers';

export const zaloSimulator = ((context) => {
  const sim: ZaloSim = { state: createZaloState(), deliveries: [], context };
  const { state, deliveries } = sim;
  const app = new Hono({ strict: false });
  app.route('/oauth', oauthRoutes(state));
  app.route('/openapi', openApiRoutes(state));
  app.route('/business', znsRoutes(state));
  app.post('/__sim/users/send', userSends(sim));
  app.post('/__sim/users/follow', userFollows(sim, 'follow'));
  app.post('/__sim/users/unfollow', userFollows(sim, 'unfollow'));
  app.post('/__sim/apps', registerApp(state));
  app.post('/__sim/config', configure(state));
  app.post('/__sim/revoke-tokens', revokeTokens(state));
  app.get('/__sim/chat', chat(state));

  return {
    app,
    state: () => simState(sim),
    reset: () => {
      state.reset();
      deliveries.length = 0;
    },
    /** Tests reach the world directly (users, templates, counters) as well as over HTTP. */
    world: state,
    deliveries,
    emit: (oaId: string, event: ZaloEvent, times = 1) => emit(sim, oaId, event, times),
  };
}) satisfies SimulatorFactory;
