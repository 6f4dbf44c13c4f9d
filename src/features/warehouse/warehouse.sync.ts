/** The client's half of the warehouse sync domain (contract/warehouse.ts warehouseSync). */
import { warehouseSync } from '@contract/warehouse';
import { clientSyncDomain } from '@/sync/domain';
import { byNumber, byText, sameRecord } from '@/sync/mirrors';
import { sendCountSheet } from './model/count-sheet';

export const warehouseClientSync = clientSyncDomain(warehouseSync, {
  mirrors: {
    stock: {
      table: (db) => db.stock,
      key: byNumber,
      toLocal: sameRecord,
      ofCompany: (db, companyId) => db.stock.where('company').equals(companyId),
    },
    stock_check: {
      table: (db) => db.stockChecks,
      key: byText,
      toLocal: sameRecord,
      ofCompany: (db, companyId) => db.stockChecks.where('company').equals(companyId),
    },
  },
  writers: { 'stock.count': sendCountSheet },
});
