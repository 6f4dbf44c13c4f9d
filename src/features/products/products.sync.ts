/** The client's half of the products sync domain (contract/products.ts productsSync): the catalogue as variants. */
import { productsSync, type VariantRecord } from '@contract/products';
import { toLocalVariant } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { byNumber, companyRows } from '@/sync/mirrors';

export const productsClientSync = clientSyncDomain(productsSync, {
  mirrors: {
    variant: {
      table: (db) => db.variants,
      key: byNumber,
      toLocal: (record: VariantRecord) => toLocalVariant(record),
      ofCompany: (db, companyId) => companyRows(db.variants, '[company+nameFold]', companyId),
    },
  },
  writers: {},
});
