/** The client's half of the customers sync domain (contract/customers.ts customersSync). */
import { customersSync, type CustomerRecord } from '@contract/customers';
import { toLocalCustomer } from '@/db/local-records';
import { asSentMirror, byNumber, byText, markRejected, syncedCompanyRows } from '@/sync/mirrors';
import { clientSyncDomain } from '@/sync/domain';
import { createCustomerOnDevice } from './model/create-customer';

export const customersClientSync = clientSyncDomain(customersSync, {
  mirrors: {
    customer: {
      table: (db) => db.customers,
      key: byText,
      toLocal: (record: CustomerRecord) => toLocalCustomer(record),
      ofCompany: (db, companyId) => syncedCompanyRows(db.customers, '[company+nameFold]', companyId),
    },
    customer_type: asSentMirror((db) => db.customerTypes, byNumber),
    customer_level: asSentMirror((db) => db.customerLevels, byNumber),
  },
  writers: { 'customer.create': createCustomerOnDevice },
  onRejected: { customer: markRejected((db) => db.customers, false) },
});
