/**
 * Reps' positions, read through a logged call (docs/personal-data.md "Reps' positions"): the visit
 * list answers a visit's coordinates only to the rep who made it; anyone else asks for a rep's day
 * ("Vị trí trong ngày"), and every such answer writes one row of the log of who viewed whose
 * positions ("Nhật ký xem vị trí"), which the company's keepers and the rep concerned may read.
 */
import * as v from 'valibot';
import { can, type MemberAccess } from './roles';
import { idField, isIsoDate, pagingFields } from './validation';
import type { GeoLocation, VisitFlag } from './visits';

const dayMessage = 'Ngày không hợp lệ (YYYY-MM-DD)';

export const PositionDayQuery = v.object({
  company: idField('công ty'),
  account: idField('nhân viên'),
  date: v.pipe(v.string(dayMessage), v.regex(/^\d{4}-\d{2}-\d{2}$/, dayMessage), v.check(isIsoDate, dayMessage)),
});
export type PositionDayQueryInput = v.InferInput<typeof PositionDayQuery>;

/** One visit of the rep's day, with its positions as the phone sent them and the server measured. */
export type PositionDayVisit = {
  id: string;
  customer_id: string;
  customer_name: string;
  check_in_at: string;
  check_in_location: GeoLocation | null;
  /** Metres from the customer's pin at check-in; null without a pin or a position. */
  check_in_distance_m: number | null;
  check_out_at: string | null;
  check_out_location: GeoLocation | null;
  flags: VisitFlag[];
};

/** A rep's Vietnam day, visits in time order; `logged` says this answer was written to the log. */
export type PositionDay = {
  account_id: number;
  account_name: string;
  date: string;
  visits: PositionDayVisit[];
  /** How many positions (check-in and check-out points) the answer shows. */
  positions: number;
  logged: boolean;
};

/** How a position view came about: the day call, or a customer's personal-data export. */
export const POSITION_VIEW_SOURCES = { day: 'Vị trí trong ngày', privacy_export: 'Xuất dữ liệu cá nhân của khách hàng' } as const;
export type PositionViewSource = keyof typeof POSITION_VIEW_SOURCES;

export const PositionViewQuery = v.object({
  company: idField('công ty'),
  ...pagingFields(),
  /** Whose positions were viewed; a member who does not keep the log reads only their own. */
  account: v.optional(idField('nhân viên')),
});

/** One row of the log: who saw whose positions, of which day, how many, when. */
export type PositionViewRecord = {
  id: string;
  viewer_id: number;
  viewer_name: string;
  account_id: number;
  account_name: string;
  source: PositionViewSource;
  date: string | null;
  positions: number;
  viewed_at: string;
};

export const positionPaths = { day: '/visit/api/visits/positions/', views: '/visit/api/position-views/' } as const;

/** The positions a visit holds (check-in and check-out points). */
export function positionCount(visit: Pick<PositionDayVisit, 'check_in_location' | 'check_out_location'>): number {
  return (visit.check_in_location ? 1 : 0) + (visit.check_out_location ? 1 : 0);
}

/** Who keeps the log (reads all of it): the company's administrators, who approve visits, who keep its settings. */
export function keepsPositionLog(access: Pick<MemberAccess, 'permissions' | 'isAdmin'>): boolean {
  return can(access, 'visits', 'approve') || can(access, 'settings', 'view');
}
