/**
 * Builds the HTTP application: security headers, the API under /api with the product's envelope,
 * and (when built) the client app with its SPA fallback. Errors from input never become a 500.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { API_PREFIX, refreshTokenPath } from '@contract/api-paths';
import type { Envelope } from '@contract/envelope';
import { ERROR_MESSAGES } from '@contract/errors';
import type { AppDeps, AppEnv } from './kernel/app-types';
import { HttpError } from './kernel/errors';
import { securityHeaders } from './lib/security-headers';
import { roleRoutes } from './modules/roles';
import { promotionRoutes } from './modules/promotions';
import { accountRoutes, refreshRoutes } from './modules/auth';
import { companyRoutes } from './modules/company';
import { customerRoutes } from './modules/customers';
import { dashboardRoutes } from './modules/dashboard';
import { employeeRoutes } from './modules/employees';
import { locationRoutes } from './modules/address';
import { kpiRoutes } from './modules/kpi';
import { orderRoutes } from './modules/orders';
import { pricePolicyRoutes } from './modules/price-policy';
import { isImageUpload, productRoutes } from './modules/products';
import { regionRoutes } from './modules/regions';
import { reportRevenueRoutes, reportRoutes } from './modules/reports';
import { syncRoutes } from './modules/sync';
import { visitRoutes } from './modules/visits';
import { lotRoutes, receiptRoutes, warehouseRoutes } from './modules/warehouse';
import { hasBuiltApp, mountBuiltApp } from './static-files';
import { SYNC_REGISTRY } from './sync-domains';

/** JSON bodies above this size are refused with 413 before they are read. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

function errorBody(status: number, error: keyof typeof ERROR_MESSAGES, message?: string, fields?: Record<string, string>): Envelope<null> {
  const body: Envelope<null> = { code: status, data: null, error, message: message ?? ERROR_MESSAGES[error] };
  if (fields && Object.keys(fields).length > 0) body.fields = fields;
  return body;
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });

  app.use('*', securityHeaders({ https: deps.env.cookieSecure }));

  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    if (c.req.path.startsWith(API_PREFIX)) {
      deps.logger.debug(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        'request',
      );
    }
  });

  const api = new Hono<AppEnv>({ strict: false });
  // API answers are private and current; a route that serves public, stable data (locations) says so itself.
  api.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // An answer given before the request body was read (a refused token, a company the caller is not
  // in) leaves the rest of the body on the connection: the node adapter drains it for a moment, then
  // closes the socket under the client's next request. Say so, as the body limit's 413 does, so the
  // client sends its next request (the retry after refreshing its token) on a new connection.
  api.use('*', async (c, next) => {
    await next();
    const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
    if (hasBody && !c.req.raw.bodyUsed) c.header('Connection', 'close');
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    // The rest of the body is never read, so the connection cannot be reused: say so.
    onError: (c) => {
      c.header('Connection', 'close');
      return c.json(errorBody(413, 'PAYLOAD_TOO_LARGE', `Dữ liệu gửi lên vượt quá ${MAX_JSON_BODY_BYTES / 1024} KB`), 413);
    },
  });
  // Product image uploads have their own, larger limit on their route (8 images of 2 MB each).
  api.use('*', (c, next) => (isImageUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));
  api.route('/account/api', accountRoutes(deps));
  api.route('/account/api', employeeRoutes(deps));
  api.route(refreshTokenPath(deps.env.apiEnv).replace(/\/refresh_token$/, ''), refreshRoutes(deps));
  api.route('/company/api', companyRoutes(deps));
  api.route('/sync', syncRoutes(deps, SYNC_REGISTRY));
  api.route('/product/api', productRoutes(deps));
  api.route('/product/api', pricePolicyRoutes(deps));
  api.route('/customer/api', customerRoutes(deps));
  api.route('/location/v2/api', locationRoutes(deps));
  api.route('/order/api', orderRoutes(deps));
  api.route('/order/api', dashboardRoutes(deps));
  api.route('/visit/api', visitRoutes(deps));
  api.route('/warehouse/api', warehouseRoutes(deps));
  api.route('/warehouse/api', receiptRoutes(deps));
  api.route('/warehouse/api', lotRoutes(deps));
  api.route('/region/api', regionRoutes(deps));
  api.route('/region/api', kpiRoutes(deps));
  api.route('/role/api', roleRoutes(deps));
  api.route('/promotion/api', promotionRoutes(deps));
  api.route('/report/api', reportRoutes(deps));
  api.route('/order/api', reportRevenueRoutes(deps));
  api.all('*', (c) => c.json(errorBody(404, 'ROUTE_NOT_FOUND'), 404));
  app.route(API_PREFIX, api);

  if (hasBuiltApp(deps.env.staticDir)) mountBuiltApp(app, deps.env.staticDir);

  app.notFound((c) => c.json(errorBody(404, 'ROUTE_NOT_FOUND'), 404));

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return c.json(errorBody(error.status, error.code, error.message, error.fields), error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(error.status, 'VALIDATION_FAILED', error.message || undefined), error.status);
    }
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(errorBody(500, 'INTERNAL'), 500);
  });

  return app;
}
