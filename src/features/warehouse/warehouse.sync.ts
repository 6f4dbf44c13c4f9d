/** The client's half of the warehouse sync domain (contract/warehouse.ts warehouseSync). */
import { warehouseSync } from '@contract/warehouse';
import { clientSyncDomain } from '@/sync/domain';
import { asSentMirror, byNumber, byText } from '@/sync/mirrors';
import { sendCountSheet } from './model/count-sheet';

export const warehouseClientSync = clientSyncDomain(warehouseSync, {
  mirrors: {
    stock: asSentMirror((db) => db.stock, byNumber),
    stock_check: asSentMirror((db) => db.stockChecks, byText),
  },
  writers: { 'stock.count': sendCountSheet },
});
