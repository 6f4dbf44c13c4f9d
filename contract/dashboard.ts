/** The dashboard's figures: sales today and this month, orders by status, top lists, sales by day. */
import * as v from 'valibot';
import type { OrderStatus } from './orders-status';
import { companyQueryField, isIsoDate } from './validation';

/** The dashboard's one call (server/modules/dashboard), under the orders' API; relative to /api. */
export const dashboardPaths = { figures: '/order/api/getdashboard/' } as const;

/** Statuses whose orders count as sales (revenue): accepted by the office and not undone. */
export const REVENUE_STATUSES: readonly OrderStatus[] = ['confirmed', 'delivering', 'completed'];
/** Statuses whose orders count as orders taken. */
export const TAKEN_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'delivering', 'completed'];

export type Figure = { revenue: number; orders: number };

export type DashboardSummary = {
  today: Figure;
  month: Figure;
  range: { from: string; to: string };
  by_status: Record<OrderStatus, number>;
  by_day: { day: string; revenue: number; orders: number }[];
  top_products: { variant_id: number; name: string; revenue: number; quantity: number; unit: string }[];
  top_customers: { customer_id: string; name: string; revenue: number; orders: number }[];
  /**
   * For the company's administrator, what a new company has done of its first steps (a product, a
   * customer, a second member, an order); null for everyone else.
   */
  first_steps: FirstSteps | null;
};

export const FIRST_STEPS = ['product', 'customer', 'member', 'order'] as const;
export type FirstStep = (typeof FIRST_STEPS)[number];
export type FirstSteps = Record<FirstStep, boolean>;

const day = (label: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} không hợp lệ (YYYY-MM-DD)`),
      v.check(isIsoDate, `${label} không hợp lệ (YYYY-MM-DD)`),
    ),
  );

export const DashboardQuerySchema = v.object({
  company: companyQueryField,
  /** Only this person's orders (a rep's own dashboard). */
  account: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Nhân viên không hợp lệ'), v.transform(Number))),
  date_from: day('Ngày bắt đầu'),
  date_to: day('Ngày kết thúc'),
});
