/**
 * Reps' positions through a logged read (contract/visits-positions.ts, docs/personal-data.md "Reps'
 * positions"): a rep's Vietnam day with its check-in and check-out points, within the caller's visit
 * scope, each answer to someone other than the rep written to `position_views`; and that log, read
 * by the company's keepers (all of it) and by a rep (who viewed my positions).
 */
import { startOfVietnamDay } from '@contract/calendar-days';
import { and, asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { VisitFlag } from '@contract/visits';
import {
  positionCount,
  type PositionDay,
  type PositionDayVisit,
  type PositionViewRecord,
  keepsPositionLog,
  type PositionViewSource,
} from '@contract/visits-positions';
import type { Db } from '@server/kernel/db/client';
import { accountCompanies, accounts, customers, positionViews, visits } from '@server/kernel/db/schema';
import { recordPositionView } from '@server/kernel/position-log';
import { forbidden, notFound } from '@server/kernel/errors';
import { pagedRows, type Paging } from '@server/kernel/lists';
import { visitScope, type Access } from '@server/modules/roles';
import { positionOf } from './visit-record';

const NO_DAY_MESSAGE = 'Không có lượt ghé thăm nào của nhân viên này trong ngày mà bạn được xem';

async function repName(db: Db, companyId: number, accountId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: accounts.fullName })
    .from(accountCompanies)
    .innerJoin(accounts, eq(accounts.id, accountCompanies.accountId))
    .where(and(eq(accountCompanies.companyId, companyId), eq(accountCompanies.accountId, accountId)));
  return row?.name ?? null;
}

/**
 * The rep's visits of the day in time order, within the caller's visit scope (the list's rule). A
 * rep of another company, or a day with nothing the caller may see, is "not found" and logs nothing;
 * an answer to anyone but the rep is logged before it leaves.
 */
export async function positionDay(db: Db, access: Access, query: { company: number; account: number; date: string }): Promise<PositionDay> {
  const name = await repName(db, query.company, query.account);
  if (name === null) throw notFound('Không tìm thấy nhân viên trong công ty');
  const start = startOfVietnamDay(query.date);
  const filters: SQL[] = [
    eq(visits.companyId, query.company),
    eq(visits.accountId, query.account),
    gte(visits.checkInAt, start),
    lt(visits.checkInAt, new Date(start.getTime() + 86_400_000)),
  ];
  const scope = await visitScope(db, access);
  if (scope) filters.push(scope);
  const rows = await db
    .select({ visit: visits, customerName: customers.name })
    .from(visits)
    .innerJoin(customers, and(eq(customers.id, visits.customerId), eq(customers.companyId, visits.companyId)))
    .where(and(...filters))
    .orderBy(asc(visits.checkInAt));
  const own = access.accountId === query.account;
  if (!own && rows.length === 0) throw notFound(NO_DAY_MESSAGE);
  const dayVisits: PositionDayVisit[] = rows.map(({ visit, customerName }) => ({
    id: visit.id,
    customer_id: visit.customerId,
    customer_name: customerName,
    check_in_at: visit.checkInAt.toISOString(),
    check_in_location: positionOf(visit.checkInLat, visit.checkInLng, visit.checkInAccuracy),
    check_in_distance_m: visit.checkInDistance,
    check_out_at: visit.checkOutAt?.toISOString() ?? null,
    check_out_location: positionOf(visit.checkOutLat, visit.checkOutLng, visit.checkOutAccuracy),
    flags: visit.flags as VisitFlag[],
  }));
  const positions = dayVisits.reduce((sum, visit) => sum + positionCount(visit), 0);
  if (!own)
    await recordPositionView(db, {
      companyId: query.company,
      viewerId: access.accountId,
      accountId: query.account,
      source: 'day',
      day: query.date,
      positions,
    });
  return { account_id: query.account, account_name: name, date: query.date, visits: dayVisits, positions, logged: !own };
}

const viewer = alias(accounts, 'viewer');

/**
 * The log, newest first. A keeper reads all of it (or one rep's, `account`); anyone else reads only
 * the views of their own positions, and asking for another's is refused.
 */
export async function positionViewPage(
  db: Db,
  access: Access,
  query: Paging & { company: number; account?: number },
): Promise<{ rows: PositionViewRecord[]; count: number }> {
  const keeper = keepsPositionLog(access);
  if (!keeper && query.account !== undefined && query.account !== access.accountId)
    throw forbidden('FORBIDDEN', 'Bạn chỉ xem được nhật ký xem vị trí của chính mình');
  const account = keeper ? query.account : access.accountId;
  const filters: SQL[] = [eq(positionViews.companyId, query.company)];
  if (account !== undefined) filters.push(eq(positionViews.accountId, account));
  const select = db
    .select({ view: positionViews, viewerName: viewer.fullName, accountName: accounts.fullName })
    .from(positionViews)
    .innerJoin(viewer, eq(viewer.id, positionViews.viewerId))
    .innerJoin(accounts, eq(accounts.id, positionViews.accountId))
    .where(and(...filters))
    .$dynamic();
  const { rows, count } = await pagedRows(db, select, [desc(positionViews.viewedAt), desc(positionViews.id)], query);
  return {
    count,
    rows: rows.map(({ view, viewerName, accountName }) => ({
      id: view.id,
      viewer_id: view.viewerId,
      viewer_name: viewerName,
      account_id: view.accountId,
      account_name: accountName,
      source: view.source as PositionViewSource,
      date: view.day,
      positions: view.positions,
      viewed_at: view.viewedAt.toISOString(),
    })),
  };
}
