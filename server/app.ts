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
import { compressAnswers } from './lib/compress-answers';
import { securityHeaders } from './lib/security-headers';
import { LOGIN_LOADER_HASH } from './login-shell';
import { roleRoutes } from './modules/roles';
import { promotionRoutes } from './modules/promotions';
import { bankRoutes, receivableReportRoutes, receivableRoutes } from './modules/receivables';
import { accountRoutes, isAvatarUpload, refreshRoutes } from './modules/auth';
import { companyRoutes, onboardingRoutes } from './modules/company';
import { notificationRoutes } from './modules/notifications';
import { customerRoutes, isLicenceScanUpload } from './modules/customers';
import { deliveryAccountRoutes, deliveryRoutes, deliveryWebhookRoutes, labelRoutes } from './modules/delivery';
import { dashboardRoutes } from './modules/dashboard';
import { employeeRoutes } from './modules/employees';
import { locationRoutes } from './modules/address';
import { accountingRoutes, amisCallbackRoutes, invoiceRoutes, isAgreementUpload, misaOrderRoutes } from './modules/invoices';
import { kpiRoutes } from './modules/kpi';
import { orderRoutes, orderTypeRoutes, pharmacyFileRoutes, pharmacySignedRoutes } from './modules/orders';
import { pricePolicyRoutes } from './modules/price-policy';
import { isImageUpload, productRoutes } from './modules/products';
import { regionAddressCodes, regionRoutes } from './modules/regions';
import { reportRevenueRoutes, reportRoutes } from './modules/reports';
import { syncRoutes } from './modules/sync';
import { planRoutes } from './modules/plans';
import { isShopUpload, salesHistoryRoutes, shopCreateRoutes, shopRoutes, systemAccountRoutes, systemOrderRoutes } from './modules/system';
import { routePlanRoutes, suggestionRoutes, visitPhotoReadable, visitRoutes } from './modules/visits';
import { fileRoutes, isFileUpload } from './modules/files';
import { attendanceRoutes } from './modules/attendance';
import { lotRoutes, receiptRoutes, warehouseRoutes } from './modules/warehouse';
import { messagingRoutes } from './modules/messaging';
import { pharmaRoutes, recallRoutes } from './modules/pharma';
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

  app.use('*', securityHeaders({ https: deps.env.cookieSecure, inlineScripts: [LOGIN_LOADER_HASH] }));

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
  api.use('*', compressAnswers());
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
  // A write leaves its WAL position in the writer's cookie, so their next reads wait for the replica
  // or go to the primary (server/kernel/db/replica.ts).
  api.use('*', async (c, next) => {
    await next();
    if (!['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) && c.res.status < 400) await deps.reads.markWrite(c);
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
  // So do shop pictures and avatars, customers' licence scans, invoices' agreements and the files ops carry: their routes bound them.
  const ownLimit = (method: string, path: string) =>
    isImageUpload(method, path) ||
    isShopUpload(method, path) ||
    isAvatarUpload(method, path) ||
    isLicenceScanUpload(method, path) ||
    isAgreementUpload(method, path) ||
    isFileUpload(method, path);
  api.use('*', (c, next) => (ownLimit(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));
  // The system administrator's calls first: admin/updatepassword/{id}/ without a company is theirs,
  // with one it falls through to the employees module's (server/modules/system).
  api.route('/account/api', systemAccountRoutes(deps));
  api.route('/account/api', shopCreateRoutes(deps));
  api.route('/account/api', salesHistoryRoutes(deps));
  api.route('/account/api', accountRoutes(deps));
  api.route('/account/api', employeeRoutes(deps));
  api.route('/account/api', onboardingRoutes(deps));
  api.route(refreshTokenPath(deps.env.apiEnv).replace(/\/refresh_token$/, ''), refreshRoutes(deps));
  api.route('/company/api', companyRoutes(deps));
  api.route('/sync', syncRoutes(deps, SYNC_REGISTRY));
  api.route('/product/api', productRoutes(deps));
  api.route('/product/api', pricePolicyRoutes(deps));
  api.route('/customer/api', customerRoutes(deps));
  api.route('/location/v2/api', locationRoutes(deps));
  api.route('/order/api', orderRoutes(deps));
  api.route('/order/api', misaOrderRoutes(deps));
  api.route('/order/api', dashboardRoutes(deps));
  api.route('/order/api', systemOrderRoutes(deps));
  api.route('/shop/api', shopRoutes(deps));
  api.route('/service/api', planRoutes(deps));
  api.route('/service/api', orderTypeRoutes(deps));
  api.route('/order/api', receivableRoutes(deps));
  api.route('/order/api', receivableReportRoutes(deps));
  // Before the visits' own routes, whose authentication would otherwise run a second time for plans.
  api.route('/visit/api/plans', routePlanRoutes(deps));
  api.route('/visit/api/suggestions', suggestionRoutes(deps));
  api.route('/visit/api', visitRoutes(deps, regionAddressCodes));
  api.route('/attendance/api', attendanceRoutes(deps));
  // A file served to whoever may see the record that names it: one reader per kind of record.
  api.route('/file/api', fileRoutes(deps, { visit_photo: visitPhotoReadable }));
  api.route('/warehouse/api', warehouseRoutes(deps));
  api.route('/warehouse/api', receiptRoutes(deps));
  api.route('/warehouse/api', lotRoutes(deps));
  api.route('/region/api', regionRoutes(deps));
  api.route('/region/api', kpiRoutes(deps));
  api.route('/role/api', roleRoutes(deps));
  api.route('/promotion/api', promotionRoutes(deps));
  api.route('/notification/api', notificationRoutes(deps));
  api.route('/bank/api', bankRoutes(deps));
  api.route('/order/api', deliveryRoutes(deps));
  api.route('/order/api', deliveryAccountRoutes(deps));
  api.route('/order/api', labelRoutes(deps));
  api.route('/order/api', pharmacyFileRoutes(deps));
  api.route('/delivery', deliveryWebhookRoutes(deps));
  // The printed note's QR link: a pharmacy without a sign-in reads the file (signed, server/modules/orders).
  api.route('/pharmacy', pharmacySignedRoutes(deps));
  // AMIS's callback has no session: mounted before the routes that require one.
  api.route('/invoice/api', amisCallbackRoutes(deps));
  api.route('/invoice/api', invoiceRoutes(deps));
  api.route('/invoice/api', accountingRoutes(deps));
  api.route('/zalo-oa', messagingRoutes(deps));
  api.route('/pharma/api', recallRoutes(deps));
  api.route('/pharma/api', pharmaRoutes(deps));
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
