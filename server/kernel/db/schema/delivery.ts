/**
 * Delivery orders and what the carriers said about them (server/modules/delivery,
 * contract/delivery.ts, docs/delivery.md). A company's carrier accounts are provider connections
 * (./integrations.ts); webhooks are inbound events there too.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './auth';
import { createdAt, sameCompanyRef, tstz } from './columns';
import { companies } from './company';
import { orders } from './orders';
import { providerConnections } from './integrations';

/**
 * One shipment of an order (orderdlo). `code` (VD000001) is also what the carrier gets as our own
 * order code (GHN client_order_code, GHTK order.id, VTP ORDER_NUMBER), so a create retried after a
 * timeout finds the shipment it made. `status` is the app's (contract/delivery-status.ts),
 * `carrier_status` the carrier's last code; `last_event_at` orders the carrier's events.
 */
export const deliveryOrders = pgTable(
  'delivery_orders',
  {
    id: uuid('id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull(),
    orderId: uuid('order_id').notNull(),
    /** ghn | ghtk | vtp | self */
    carrier: text('carrier').notNull(),
    connectionId: integer('connection_id'),
    status: text('status').notNull(),
    carrierStatus: text('carrier_status'),
    /** The carrier's own order code (GHN order_code, GHTK label, VTP ORDER_NUMBER). */
    trackingCode: text('tracking_code'),
    serviceId: text('service_id'),
    serviceName: text('service_name'),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    expectedAt: tstz('expected_at'),
    /** cho_xem | khong_cho_xem | cho_thu (contract/delivery.ts RECEIVER_METHODS). */
    receiverMethod: text('receiver_method').notNull(),
    codAmount: bigint('cod_amount', { mode: 'number' }).notNull().default(0),
    insuranceValue: bigint('insurance_value', { mode: 'number' }).notNull().default(0),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    widthCm: integer('width_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
    /** The pick shift chosen (its carrier id and words), or null. */
    pickShift: jsonb('pick_shift').$type<{ id: string; title: string } | null>(),
    note: text('note'),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverAddress: text('receiver_address').notNull(),
    receiverProvince: text('receiver_province').notNull().default(''),
    receiverWard: text('receiver_ward').notNull().default(''),
    /** Self delivery: the employee who carries it. */
    shipperAccountId: integer('shipper_account_id').references(() => accounts.id),
    /** not_printed | printed */
    printStatus: text('print_status').notNull().default('not_printed'),
    printedAt: tstz('printed_at'),
    printCount: integer('print_count').notNull().default(0),
    lastEventAt: tstz('last_event_at'),
    /** Why creating or cancelling failed, in Vietnamese, with the carrier's own code kept beside it. */
    problem: text('problem'),
    problemCode: text('problem_code'),
    cancelReason: text('cancel_reason'),
    /** COD reconciliation (đối soát): what the carrier reports collected, and paid out to the company. */
    codCollected: bigint('cod_collected', { mode: 'number' }),
    codCollectedAt: tstz('cod_collected_at'),
    codPaidOut: bigint('cod_paid_out', { mode: 'number' }),
    codPaidAt: tstz('cod_paid_at'),
    codNote: text('cod_note'),
    /** Folded code, tracking code, order code and receiver for search. */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => accounts.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'delivery_orders_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('delivery_orders_order_id_orders_id_fk', t.orderId, t.companyId, orders),
    // SET NULL of this column alone (PostgreSQL 15's column list, written in migration 0029): company_id stays.
    sameCompanyRef('delivery_orders_connection_id_provider_connections_id_fk', t.connectionId, t.companyId, providerConnections).onDelete(
      'set null',
    ),
    uniqueIndex('delivery_orders_company_code_key').on(t.companyId, t.code),
    // One delivery at a time per order: a cancelled or failed one leaves room for the next.
    uniqueIndex('delivery_orders_active_order_key')
      .on(t.companyId, t.orderId)
      .where(sql`${t.status} not in ('cancelled', 'create_failed')`),
    index('delivery_orders_company_created_idx').on(t.companyId, t.createdAt),
    index('delivery_orders_company_status_idx').on(t.companyId, t.status),
    index('delivery_orders_tracking_idx').on(t.carrier, t.trackingCode),
  ],
);

/** What happened to a delivery: every carrier event (applied or kept as late), and the office's own moves. */
export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    deliveryId: uuid('delivery_id').notNull(),
    /** webhook | poll | office | job */
    source: text('source').notNull(),
    carrierStatus: text('carrier_status'),
    status: text('status'),
    /** Whether it moved the delivery (false: older than what was already known, or repeated). */
    applied: boolean('applied').notNull().default(true),
    note: text('note'),
    at: tstz('at').notNull(),
    accountId: integer('account_id').references(() => accounts.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'delivery_events_pkey', columns: [t.id, t.companyId] }),
    sameCompanyRef('delivery_events_delivery_id_delivery_orders_id_fk', t.deliveryId, t.companyId, deliveryOrders).onDelete('cascade'),
    index('delivery_events_delivery_idx').on(t.deliveryId, t.at),
  ],
);
