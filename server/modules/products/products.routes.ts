/** Product calls (product-spec.md §7 "Product", prefix /product/api): every catalogue route, signed in. */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '@server/kernel/app-types';
import { authenticate } from '@server/kernel/authenticate';
import { catalogueOptionRoutes } from './catalogue-options.routes';
import { productImageRoutes } from './product-images.routes';
import { productSheetRoutes } from './product-sheet.routes';
import { productCrudRoutes } from './product-crud.routes';
import { variantRoutes } from './variants.routes';

export function productRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>({ strict: false });
  app.use('*', authenticate(deps));
  app.route('/', catalogueOptionRoutes(deps));
  // Before product/{id}/ so `export` and `import` are never read as ids.
  app.route('/', productSheetRoutes(deps));
  app.route('/', productCrudRoutes(deps));
  app.route('/', productImageRoutes(deps));
  app.route('/', variantRoutes(deps));
  return app;
}
