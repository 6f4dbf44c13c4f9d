/** The receivables module's public face: what other modules, the composition root, seed data and tests use. */
export { checkOrderCredit, orderCredit } from './credit-check';
export { creditReturn, orderChanged, orderTaken, reverseReturn, type CreditReturnInput } from './order-debt';
export { resettleCustomer } from './settle';
export { cancelPayment, confirmPayment, recordPayment, type RecordPaymentInput } from './payment-write';
export { bankRoutes } from './banks.routes';
export { receivableRoutes } from './receivables.routes';
export { receivableReportRoutes } from './reports.routes';
export { receivablesServerSync } from './receivables.sync';
