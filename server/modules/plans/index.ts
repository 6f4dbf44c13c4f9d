/** The plans module's public face (docs/plans.md): service calls, and what the company, employee and system modules need. */
export { planRoutes } from './plans.routes';
export {
  activateOrder,
  cancelOrder,
  grantPackage,
  planLapseHandler,
  requirePlanAllows,
  requireSeat,
  seatsUsed,
  startTrial,
} from './subscriptions';
export { systemOrderById, systemOrderRecords } from './plan-records';
