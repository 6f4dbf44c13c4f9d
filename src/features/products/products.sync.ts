/** The client's half of the products sync domain (contract/products.ts productsSync): the catalogue as variants. */
import { productsSync, type VariantRecord } from '@contract/products';
import { toLocalVariant } from '@/db/local-records';
import { clientSyncDomain } from '@/sync/domain';
import { byNumber, packedMirror } from '@/sync/mirrors';

export const productsClientSync = clientSyncDomain(productsSync, {
  mirrors: {
    variant: packedMirror(
      (db) => db.variants,
      byNumber,
      (record: VariantRecord) => toLocalVariant(record),
    ),
  },
  writers: {},
});
