/**
 * "Hôm nay" from the device alone (today-plan.tsx): today's planned customers in the plan's order,
 * those still to visit first, the visited folded away, nothing at all without a plan in effect.
 * The rep's offline flow runs in the browser (tests/e2e/day-plan.test.ts).
 */
import { MantineProvider } from '@mantine/core';
import { DEFAULT_VISIT_SETTINGS } from '@contract/visits-place';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { dayPlace, type RouteStop } from '@contract/visits-plans';
import { AppDb } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { COMPANY, customerRecord } from '@/testing/order-fixtures';
import { checkIn } from '../model/visit-actions';
import { TodayPlan } from './today-plan';

configure({ asyncUtilTimeout: 5_000 });

const REP = { companyId: COMPANY, accountId: 9, accountName: 'Lê Văn Trình' };
const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;
let db: AppDb;

const shops = ['Nhà thuốc Minh Châu', 'Nhà thuốc Phúc An', 'Quầy thuốc Đức Hạnh'].map((name, i) =>
  toLocalCustomer(customerRecord({ id: uuidv7(), code: `KH00000${i + 1}`, name, lat: 10.77 + i / 100, lng: 106.7 })),
);

async function plan(stops: RouteStop[], approvedFrom: string | null = '2026-01-05') {
  await db.routePlans.put({
    id: uuidv7(),
    company: COMPANY,
    account_id: REP.accountId,
    account_name: REP.accountName,
    name: 'Tuyến thử',
    status: approvedFrom ? 'approved' : 'waiting',
    stops: stops.map((stop) => ({ ...stop, customer_name: '' })),
    effective_from: '2026-01-05',
    approved_stops: approvedFrom ? stops : null,
    approved_from: approvedFrom,
    approved_by_name: null,
    approved_at: null,
    updated_at: '2026-01-05T01:00:00Z',
  });
}

const today = dayPlace(vietnamDay()).weekday;
const otherDay = (today % 7) + 1;
const stop = (i: number, weekday = today): RouteStop => ({ customer_id: shops[i]!.id, frequency: 'F4', weekdays: [weekday], weeks: [] });

beforeEach(async () => {
  db = new AppDb(`today-${uuidv7()}`);
  await db.open();
  await db.customers.bulkPut(shops);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

describe('TodayPlan', () => {
  it('lists today’s stops in the plan’s order, the visited folded away, and hands a stop to the check-in', async () => {
    await plan([stop(2), stop(0), stop(1, otherDay)]);
    await checkIn(db, REP, shops[2]!, { note: null, location: null });
    const onVisit = vi.fn();
    render(<TodayPlan db={db} companyId={COMPANY} accountId={REP.accountId} onVisit={onVisit} busyElsewhere={false} />, { wrapper });
    await screen.findByText(/Đã ghé 1\/2 khách hàng trong tuyến/);
    expect(screen.getAllByTestId('today-stop').map((row) => row.textContent)).toEqual([expect.stringContaining('2. Nhà thuốc Minh Châu')]);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in tại Nhà thuốc Minh Châu' }));
    expect(onVisit).toHaveBeenCalledWith(expect.objectContaining({ id: shops[0]!.id }));
    fireEvent.click(screen.getByRole('button', { name: 'Xem 1 khách hàng đã ghé' }));
    const rows = screen.getAllByTestId('today-stop');
    expect(rows.map((row) => row.dataset.visited)).toEqual(['no', 'yes']);
    expect(rows[1]!.textContent).toMatch(/1\. Quầy thuốc Đức Hạnh.*Đã ghé lúc \d\d:\d\d/);
  });

  it('says how far each pinned stop is from a fix kept on the phone', async () => {
    await plan([stop(0)]);
    const [lat, lng] = [shops[0]!.lat! + 250 / 111_195, shops[0]!.lng!];
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: { getCurrentPosition: (ok: (p: unknown) => void) => ok({ coords: { latitude: lat, longitude: lng, accuracy: 8 } }) },
    });
    render(<TodayPlan db={db} companyId={COMPANY} accountId={REP.accountId} onVisit={() => undefined} busyElsewhere={false} />, {
      wrapper,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Khoảng cách từ chỗ tôi' }));
    await waitFor(() => expect(screen.getByTestId('today-distance').textContent).toBe('Cách 250 m'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows nothing without an approved plan in effect, and says so on a day without stops', async () => {
    await plan([stop(0)], null);
    const { unmount } = render(
      <TodayPlan db={db} companyId={COMPANY} accountId={REP.accountId} onVisit={() => undefined} busyElsewhere={false} />,
      {
        wrapper,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId('today-plan')).toBeNull();
    unmount();
    await db.routePlans.clear();
    await plan([stop(0, otherDay)]);
    render(<TodayPlan db={db} companyId={COMPANY} accountId={REP.accountId} onVisit={() => undefined} busyElsewhere={false} />, {
      wrapper,
    });
    await screen.findByText('Hôm nay không có khách hàng nào trong tuyến.');
  });
  it('lists the route’s customers idle for the company’s days, never seen first, and hands one to the check-in', async () => {
    await plan([stop(0), stop(1, otherDay), stop(2, otherDay)]);
    await db.visitSettings.put({ company: COMPANY, ...DEFAULT_VISIT_SETTINGS, idle_days: 30 });
    // Phúc An was last visited 45 days ago; Đức Hạnh today; Minh Châu never (entered in January).
    await checkIn(db, REP, shops[1]!, { note: null, location: null }, new Date(Date.now() - 45 * 86_400_000));
    await checkIn(db, REP, shops[2]!, { note: null, location: null });
    const onVisit = vi.fn();
    render(<TodayPlan db={db} companyId={COMPANY} accountId={REP.accountId} onVisit={onVisit} busyElsewhere={false} />, { wrapper });
    fireEvent.click(await screen.findByRole('button', { name: 'Xem 2 khách hàng trong tuyến lâu chưa ghé (từ 30 ngày)' }));
    const rows = (await screen.findAllByTestId('idle-customer')).map((row) => row.textContent);
    expect(rows).toEqual([
      expect.stringContaining('Nhà thuốc Minh ChâuKH000001Chưa có đơn hay lượt ghé nào trên máy'),
      expect.stringMatching(/Nhà thuốc Phúc An.*Lần cuối \d\d\/\d\d\/\d{4} · 45 ngày trước/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in tại Nhà thuốc Phúc An' }));
    expect(onVisit).toHaveBeenCalledWith(expect.objectContaining({ id: shops[1]!.id }));
  });
});
