/** The client's half of the customers sync domain (contract/customers.ts customersSync). */
import { customersSync } from '@contract/customers';
import { toLocalCustomer } from '@/db/local-records';
import { asSentMirror, byNumber, byText, markRejected, packedMirror } from '@/sync/mirrors';
import { clientSyncDomain } from '@/sync/domain';
import { createCustomerOnDevice } from './model/create-customer';
import { editLicenceOnDevice } from './model/edit-licence';

export const customersClientSync = clientSyncDomain(customersSync, {
  mirrors: {
    // A reset keeps the customers made here that the server has not accepted yet.
    customer: packedMirror(
      (db) => db.customers,
      byText,
      toLocalCustomer,
      (row) => row.syncState !== 'synced',
    ),
    customer_type: asSentMirror((db) => db.customerTypes, byNumber),
    customer_level: asSentMirror((db) => db.customerLevels, byNumber),
  },
  writers: { 'customer.create': createCustomerOnDevice, 'customer.licence': editLicenceOnDevice },
  // A refused creation or licence edit alike: the customer's chip and the detail's alert say why (the latest op's message).
  onRejected: { customer: markRejected((db) => db.customers, false) },
});
