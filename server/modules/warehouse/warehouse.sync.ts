/**
 * The server's half of the warehouse sync domain (contract/warehouse.ts warehouseSync): each tracked
 * variant's sellable stock, the open counts a phone may count, and a counter's sheet (`stock.count`),
 * stored once however often the phone sends it.
 */
import { warehouseSync, type StockCountPayload } from '@contract/warehouse';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { OpRejection, type OpHandler } from '@server/kernel/sync/op-context';
import { HttpError } from '@server/kernel/errors';
import { addCountSheet, loadStockChecks } from './checks';
import { loadAvailability } from './stock-view';

const countSheet: OpHandler<StockCountPayload> = async (context, payload) => {
  try {
    await addCountSheet(context.tx, { ...payload, companyId: context.companyId, accountId: context.accountId });
    return { outcome: 'applied' };
  } catch (error) {
    // A count the office closed meanwhile, or a product removed: the rep sees why; nothing to retry.
    if (error instanceof HttpError && error.status < 500) throw new OpRejection(error.code, error.message, error.fields);
    throw error;
  }
};

export const warehouseServerSync = serverSyncDomain(warehouseSync, {
  handlers: { 'stock.count': countSheet },
  loaders: { stock: loadAvailability, stock_check: loadStockChecks },
});
