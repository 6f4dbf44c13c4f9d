/** The client's half of the customers sync domain (contract/customers.ts customersSync). */
import { customersSync } from '@contract/customers';
import { toLocalCustomer } from '@/db/local-records';
import { asSentMirror, byNumber, byText, deviceRowsMirror, markRejected } from '@/sync/mirrors';
import { clientSyncDomain } from '@/sync/domain';
import { createCustomerOnDevice } from './model/create-customer';

export const customersClientSync = clientSyncDomain(customersSync, {
  mirrors: {
    customer: deviceRowsMirror((db) => db.customers, byText, toLocalCustomer, '[company+nameFold]'),
    customer_type: asSentMirror((db) => db.customerTypes, byNumber),
    customer_level: asSentMirror((db) => db.customerLevels, byNumber),
  },
  writers: { 'customer.create': createCustomerOnDevice },
  onRejected: { customer: markRejected((db) => db.customers, false) },
});
