/** The system module's public face (docs/system.md): the system administrator's calls, mounted by server/app.ts. */
export { systemAccountRoutes } from './system-accounts.routes';
export { systemOrderRoutes } from './system-orders.routes';
export { isShopUpload, shopCreateRoutes, shopRoutes } from './shops.routes';
export { salesHistoryRoutes } from './sales-history.routes';
