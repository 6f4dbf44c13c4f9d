/** The client's half of the customers sync domain (contract/customers.ts customersSync). */
import { customersSync, type CustomerRecord } from '@contract/customers';
import { toLocalCustomer } from '@/db/local-records';
import { byNumber, byText, companyRows, sameRecord } from '@/sync/mirrors';
import { clientSyncDomain } from '@/sync/domain';
import { createCustomerOnDevice } from './model/create-customer';

export const customersClientSync = clientSyncDomain(customersSync, {
  mirrors: {
    customer: {
      table: (db) => db.customers,
      key: byText,
      toLocal: (record: CustomerRecord) => toLocalCustomer(record),
      ofCompany: (db, companyId) => companyRows(db.customers, '[company+nameFold]', companyId).and((row) => row.syncState === 'synced'),
    },
    customer_type: {
      table: (db) => db.customerTypes,
      key: byNumber,
      toLocal: sameRecord,
      ofCompany: (db, companyId) => db.customerTypes.where('company').equals(companyId),
    },
    customer_level: {
      table: (db) => db.customerLevels,
      key: byNumber,
      toLocal: sameRecord,
      ofCompany: (db, companyId) => db.customerLevels.where('company').equals(companyId),
    },
  },
  writers: { 'customer.create': createCustomerOnDevice },
  onRejected: {
    customer: async (db, id) => {
      await db.customers.update(id, { syncState: 'rejected' });
    },
  },
});
