import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromotionRecord, PromotionStatusCount } from '@contract/promotions';
import { PROMOTION_STATUS_LABELS, PROMOTION_STATUSES } from '@contract/promotions-status';
import { useLocation } from '@tanstack/react-router';
import { readSavedFilter } from '@/session/saved-filters';
import { useFilterChange } from '@/ui/list-page/url-filter';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { parsePromotionFilter, PROMOTION_FILTER_SLOT } from '@/features/promotions/promotion-filter';
import { PromotionListView } from './promotion-list-view';

configure({ asyncUtilTimeout: 5_000 });

/** The list as its route shows it (src/routes/_app/promotion/index.tsx): the filter from the URL, changed through it. */
function Screen({ isMobile }: { isMobile: boolean }) {
  const filter = parsePromotionFilter(useLocation().search);
  const onFilter = useFilterChange('/', PROMOTION_FILTER_SLOT);
  return <PromotionListView companyId={TEST_COMPANY.id} filter={filter} onFilter={onFilter} isMobile={isMobile} />;
}

afterEach(() => {
  leaveWorkspace();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const programme = (overrides: Partial<PromotionRecord>): PromotionRecord => ({
  id: 1,
  company: TEST_COMPANY.id,
  code: 'KM000001',
  name: 'Mua 10 chai Prospan tặng 1 chai',
  description: null,
  kind: 'buy_get',
  state: 'approved',
  status: 3,
  starts_on: '2026-11-15',
  ends_on: '2027-01-14',
  hours_from: null,
  hours_to: null,
  exclusive: false,
  priority: 0,
  variant_ids: [5],
  category_ids: [],
  brand_ids: [],
  customer_type_ids: [],
  level_ids: [],
  region_ids: [],
  province_codes: [],
  tiers: [{ threshold: 10, reward: 'gift', value: 0, gift_variant_id: null, gift_quantity: 1 }],
  cap_kind: 'quantity',
  cap_total: 500,
  cap_per_customer: 50,
  used_total: 12,
  order_count: 4,
  discount_given: 0,
  notice_ref: null,
  notice_date: null,
  reject_reason: null,
  created_by_name: 'Nguyễn Văn An',
  approved_by_name: 'Nguyễn Văn An',
  approved_at: '2026-11-15T02:00:00.000Z',
  created_at: '2026-11-15T02:00:00.000Z',
  updated_at: '2026-11-15T02:00:00.000Z',
  ...overrides,
});

const COUNTS: PromotionStatusCount[] = PROMOTION_STATUSES.map((status) => ({
  status,
  label: PROMOTION_STATUS_LABELS[status],
  count: { 1: 1, 2: 0, 3: 2, 4: 1, 5: 0, 6: 0 }[status],
}));

function serve() {
  return serveApi({
    '/promotion/api/statuspromotion/': { data: COUNTS },
    '/promotion/api/promotion/': {
      data: [
        programme({}),
        programme({
          id: 2,
          code: 'KM000002',
          name: 'Giảm 5% đơn hàng từ 2.000.000 đ',
          kind: 'order_total',
          status: 1,
          state: 'pending',
          cap_kind: 'money',
          cap_total: null,
          used_total: 0,
          order_count: 0,
        }),
      ],
      count: 2,
    },
  });
}

const listCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/promotion/api/promotion/'));

describe('PromotionListView', () => {
  it('shows the programmes with their status, budget and orders, and tabs counted by status', async () => {
    enterWorkspace(ADMIN_ACCESS);
    serve();
    renderScreen(<Screen isMobile={false} />);
    const rows = await screen.findAllByTestId('promotion-row');
    expect(rows.map((row) => row.getAttribute('data-code'))).toEqual(['KM000001', 'KM000002']);
    expect(within(rows[0]!).getByTestId('promotion-status').textContent).toBe('Đang áp dụng');
    expect(rows[0]!.textContent).toContain('12 đơn vị / 500 đơn vị');
    expect(within(rows[1]!).getByTestId('promotion-status').textContent).toBe('Chờ xét duyệt');
    expect(rows[1]!.textContent).toContain('Theo tổng tiền đơn hàng');
    await waitFor(() => expect(within(screen.getByTestId('promotion-tab-3')).getByTestId('promotion-tab-count').textContent).toBe('2'));
    expect(within(screen.getByTestId('promotion-tab-all')).getByTestId('promotion-tab-count').textContent).toBe('4');
    expect(screen.getByTestId('promotion-create')).toBeTruthy();
    expect(screen.getByTestId('promotion-export')).toBeTruthy();
  });

  it('puts the status tab in the URL and the section’s saved filter, back on page 1', async () => {
    enterWorkspace(ADMIN_ACCESS);
    const fetchMock = serve();
    renderScreen(<Screen isMobile={false} />);
    await screen.findAllByTestId('promotion-row');
    fireEvent.click(screen.getByTestId('promotion-tab-1'));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.searchParams.get('status')).toBe('1'));
    expect(listCalls(fetchMock).at(-1)?.searchParams.get('page')).toBe('1');
    expect(readSavedFilter('promotion')).toEqual({ status: 1 });
  });

  it('hides Tạo chương trình and Xuất Excel from a role that may only look', async () => {
    enterWorkspace(roleAccess({ promotions: ['view'] }));
    serve();
    renderScreen(<Screen isMobile />);
    await screen.findAllByTestId('promotion-row');
    expect(screen.getByTestId('promotion-cards')).toBeTruthy();
    expect(screen.queryByTestId('promotion-create')).toBeNull();
    expect(screen.queryByTestId('promotion-export')).toBeNull();
  });
});
