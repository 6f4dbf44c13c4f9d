/** The server's half of the customers sync domain (contract/customers.ts customersSync). */
import { customersSync } from '@contract/customers';
import { serverSyncDomain } from '@server/kernel/sync/domain';
import { loadCustomerLevelRecords, loadCustomerTypeRecords } from './customer-groups';
import { createCustomer } from './customer-ops';
import { editCustomerLicence } from './customer-licence';
import { loadCustomerRecords } from './customer-record';

export const customersServerSync = serverSyncDomain(customersSync, {
  handlers: { 'customer.create': createCustomer, 'customer.licence': editCustomerLicence },
  loaders: { customer: loadCustomerRecords, customer_type: loadCustomerTypeRecords, customer_level: loadCustomerLevelRecords },
});
