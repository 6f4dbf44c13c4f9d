/** The warehouse module's public face: what other modules, the composition root, seed data and tests use. */
export { baseQuantities, changeReserved, lockStock, orderWarehouse, returnOrder, shipOrder } from './order-stock';
export { creditOrderReturns, orderReturnedLines } from './order-returns';
export { lotRoutes } from './lots.routes';
export { lotRecipients } from './lots';
export { createCheck, createReceipt } from './receipt-create';
export { moveReceipt } from './receipt-posting';
export { receiptRoutes } from './receipts.routes';
export { warehouseRoutes } from './warehouse.routes';
export { warehouseServerSync } from './warehouse.sync';
export { defaultWarehouse } from './warehouses.repo';
export { lotsMovedBy, refuseRetainedDelete, type RetentionSubject } from './retention';
export { addReading, goodsStorages, readingsOf } from './temperature';
