/**
 * The recall screens' state in the URL and the words they show for a campaign's clock: /recall's
 * filter (page, size, search, status) and `lot`, the lot a campaign opens from (the warehouse's lot
 * drawer links here with it); a customer's or a campaign's standing against the legal deadline, in
 * text, so it reads without colour.
 */
import * as v from 'valibot';
import { recallDaysLeft, RECALL_STATUSES, type RecallStatus } from '@contract/pharma-recalls';
import { pageFields, searchField } from '@/ui/list-page/url-filter';

export type RecallFilter = { page: number; limit: number; search?: string; status?: RecallStatus; lot?: number };

const RecallSearch = v.object({
  ...pageFields(100),
  search: searchField,
  status: v.fallback(v.optional(v.picklist(RECALL_STATUSES)), undefined),
  lot: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export function parseRecallSearch(search: Record<string, unknown>): RecallFilter {
  return v.parse(RecallSearch, search);
}

/** "Còn 5 ngày", "Hết hạn hôm nay", "Quá hạn 3 ngày"; a closed campaign says it is closed. */
export function deadlineText(deadline: string, today: string, status: RecallStatus = 'open'): string {
  if (status === 'closed') return 'Đã đóng';
  const left = recallDaysLeft(deadline, today);
  if (left > 0) return `Còn ${left} ngày`;
  if (left === 0) return 'Hết hạn hôm nay';
  return `Quá hạn ${-left} ngày`;
}

/** What a customer's row says of its returns: the words carry it, the colour only repeats them. */
export function customerStanding(row: { shipped: number; returned: number; overdue: boolean }): { label: string; color: string } {
  if (row.returned >= row.shipped) return { label: 'Đã trả đủ', color: 'teal' };
  if (row.overdue) return { label: 'Quá hạn', color: 'red' };
  if (row.returned > 0) return { label: 'Đã trả một phần', color: 'yellow' };
  return { label: 'Chưa trả', color: 'gray' };
}
