/**
 * The rep's day (browser, a 390 px phone): Lê Văn Trình's approved route plan (contract/visits-plans.ts)
 * reaches his phone with the first sync; offline, "Hôm nay" on /visits lists today's planned
 * pharmacy with the distance from where he stands, he checks in there from the list, then visits a
 * pharmacy that is not on today's plan and must say why, and takes the order its suggestions offer
 * (the last order again). Back online, the server judged both visits as the phone did, holds the
 * suggested order, and the office's staff report opens the visit off the plan behind its route figure.
 */
import { describe, expect, it } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import type { CustomerRecord } from '@contract/customers';
import { orderPaths, type OrderRecord } from '@contract/orders';
import type { VisitRecord } from '@contract/visits';
import { dayPlace, planPaths, type RoutePlanRecord } from '@contract/visits-plans';
import { AN_KHANG_CUSTOMERS } from '@server/seed/demo-customers';
import { lineName } from '@/lib/line-name';
import { VIEWPORTS } from '@tests/support/browser';
import {
  COMPANIES,
  WAIT_MS,
  eventually,
  setupE2e,
  signInAs,
  signInTo,
  toast,
  waitForPath,
  waitForServiceWorker,
} from '@tests/support/e2e-app';
import { firstSyncDone } from '@tests/support/device-store';
import { apiCall, officeSignIn, type Office } from '@tests/support/office-api';
import { cartLines, customerOption, openedOrderId, pickCustomer, sendButton, unaccented } from '@tests/support/order-screen';
import { axeViolations } from '@tests/support/axe';

const app = setupE2e({ unpluggable: true });

const PLANNED = 'Phòng khám Đa khoa Sài Gòn';
const UNPLANNED = 'Nhà thuốc Thủ Đức Xanh';
const TRINH = '0912000001';
const SAVED_OFFLINE = 'Đã lưu đơn hàng, đang chờ đồng bộ';

/** Where the phone stands: `metres` north of the customer's pin (server/seed/demo-customers.ts). */
function shopAt(customer: string, metres: number) {
  const [lat, lng] = AN_KHANG_CUSTOMERS.find((row) => row.name === customer)!.pin;
  return { latitude: lat + metres / 111_195, longitude: lng, accuracy: 12 };
}

async function customerId(office: Office, name: string): Promise<string> {
  const found = await apiCall<CustomerRecord[]>(
    app.server.url,
    `/customer/api/customer/?company=${office.companyId}&search=${encodeURIComponent(name)}`,
    {
      token: office.token,
    },
  );
  return found.body.data.find((customer) => customer.name === name)!.id;
}

/** The office replaces Trình's plans with one approved today: the planned pharmacy weekly on today's weekday. */
async function planToday(office: Office, trinh: Office): Promise<void> {
  const call = (path: string, method: string, body?: unknown) =>
    apiCall<RoutePlanRecord>(app.server.url, path, { token: office.token, method, body });
  const plans = await apiCall<RoutePlanRecord[]>(
    app.server.url,
    `${planPaths.plans}?company=${office.companyId}&account=${trinh.accountId}`,
    {
      token: office.token,
    },
  );
  for (const plan of plans.body.data)
    expect((await call(`${planPaths.plan(plan.id)}?company=${office.companyId}`, 'DELETE')).status).toBe(200);
  const today = vietnamDay();
  const stop = { customer_id: await customerId(office, PLANNED), frequency: 'F4', weekdays: [dayPlace(today).weekday], weeks: [] };
  const body = { company: office.companyId, account_id: trinh.accountId, name: 'Tuyến thử hôm nay', effective_from: today, stops: [stop] };
  const created = await call(planPaths.plans, 'POST', body);
  expect(created.status, created.body.message).toBe(201);
  expect((await call(planPaths.approve(created.body.data.id), 'POST', { company: office.companyId })).body.data.status).toBe('approved');
}

describe('the rep follows "Hôm nay" offline', () => {
  it('lists today’s planned pharmacy with its distance, checks in from the list, asks why for a pharmacy off the plan, takes the suggested order, and the server agrees', async () => {
    const office = await officeSignIn(app.server.url);
    const trinh = await officeSignIn(app.server.url, TRINH);
    await planToday(office, trinh);

    const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(shopAt(PLANNED, 40));
    await signInAs(page, TRINH, COMPANIES.anKhang);
    await page.goto('/visits');
    await waitForPath(page, '/visits');
    await eventually(() => firstSyncDone(page, trinh.companyId), 60_000).toBe(true);
    await page.getByTestId('location-notice').getByRole('button', { name: 'Tôi đã đọc và đồng ý' }).click();
    await page.getByTestId('check-in-form').waitFor();
    // The order screen is opened offline later: its code comes from the worker's precache.
    await waitForServiceWorker(page);
    await app.unplug(context);

    const today = page.getByTestId('today-plan');
    await today.getByText('Đã ghé 0/1 khách hàng trong tuyến', { exact: false }).waitFor();
    const stop = today.getByTestId('today-stop');
    await expect(stop.innerText()).resolves.toContain(PLANNED);
    await today.getByRole('button', { name: 'Khoảng cách từ chỗ tôi' }).click();
    await eventually(() => stop.getByTestId('today-distance').textContent()).toBe('Cách 40 m');
    await expect(axeViolations(page)).resolves.toEqual([]);

    // From the list: the form takes the pharmacy, on the plan, so no reason is asked.
    await stop.getByRole('button', { name: `Check-in tại ${PLANNED}` }).click();
    const form = page.getByTestId('check-in-form');
    await form.getByText(PLANNED, { exact: true }).waitFor();
    await expect(form.getByTestId('unplanned-reason').count()).resolves.toBe(0);
    await form.getByRole('button', { name: 'Check-in', exact: true }).click();
    await toast(page, 'success', `Đã check-in tại ${PLANNED}`).waitFor();
    await today.getByText('Đã ghé 1/1 khách hàng trong tuyến', { exact: false }).waitFor();
    // Visited stops fold away under the ones still to call on.
    await today.getByRole('button', { name: 'Xem 1 khách hàng đã ghé' }).click();
    await expect(stop.getAttribute('data-visited')).resolves.toBe('yes');
    await expect(stop.innerText()).resolves.toMatch(/Đã ghé lúc \d\d:\d\d/);
    await page.getByTestId('open-visit').getByRole('button', { name: 'Check-out', exact: true }).click();
    await toast(page, 'success', `Đã check-out khỏi ${PLANNED}`).waitFor();

    // Off the plan: the check-in waits for a reason.
    await context.setGeolocation(shopAt(UNPLANNED, 30));
    await form.getByTestId('customer-search').fill(unaccented('Thủ Đức Xanh'));
    await customerOption(page, form.getByTestId('customer-results'), UNPLANNED).click();
    const send = form.getByRole('button', { name: 'Check-in', exact: true });
    await expect(send.isDisabled()).resolves.toBe(true);
    await form.getByTestId('unplanned-reason').click();
    await page.getByRole('option', { name: 'Khách hàng gọi đặt hàng' }).click();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await send.click();
    await toast(page, 'success', `Đã check-in tại ${UNPLANNED}`).waitFor();
    await today.getByText('1 lượt ngoài tuyến', { exact: false }).waitFor();

    // What to order there: the last order taken again in one tap, still offline.
    await page.getByTestId('bottom-navbar').getByRole('link', { name: 'Bán hàng' }).click();
    await page.getByTestId('order-create').click();
    await waitForPath(page, '/order/create');
    await pickCustomer(page, UNPLANNED);
    const suggestions = page.getByTestId('order-suggestions');
    await suggestions.getByText('Đơn gần nhất', { exact: true }).waitFor();
    await suggestions.getByText(/^Thường đặt \(\d+ đơn gần nhất\)$/).waitFor();
    await expect(axeViolations(page)).resolves.toEqual([]);
    await suggestions.getByRole('button', { name: 'Đặt lại như đơn này' }).click();
    await eventually(() => cartLines(page).count()).toBeGreaterThan(0);
    const taken = (await cartLines(page).getByTestId('line-title').allInnerTexts()).sort();
    await sendButton(page).click();
    await toast(page, 'success', SAVED_OFFLINE).waitFor();
    const orderId = await openedOrderId(page);

    // Online again: the server judged both as the phone did, and holds the suggested order.
    await app.plugIn(context);
    const order = async () => {
      const answer = await apiCall<OrderRecord>(app.server.url, `${orderPaths.order(orderId)}?company=${office.companyId}`, {
        token: office.token,
      });
      return answer.status === 200
        ? answer.body.data.lines
            .filter((line) => !line.is_gift)
            // Titled as the cart titles them: the product, then the variant when it says more.
            .map(lineName)
            .sort()
        : null;
    };
    await eventually(order, WAIT_MS).toEqual(taken);
    const judged = async () => {
      const answer = await apiCall<VisitRecord[]>(
        app.server.url,
        `/visit/api/visits/?company=${office.companyId}&account=${trinh.accountId}&date_from=${vietnamDay()}&limit=50`,
        {
          token: office.token,
        },
      );
      return answer.body.data.map((visit) => [visit.customer_name, visit.plan_state, visit.unplanned_reason]).sort();
    };
    await eventually(judged, WAIT_MS).toEqual([
      [UNPLANNED, 'unplanned', 'CUSTOMER_CALLED'],
      [PLANNED, 'planned', null],
    ]);
    await page.goto('/visits');
    await eventually(() => page.getByTestId('visit-plan-state').allTextContents(), WAIT_MS).toEqual(
      expect.arrayContaining(['Ngoài tuyến hôm nay: Khách hàng gọi đặt hàng', 'Trong tuyến hôm nay']),
    );

    // The office's staff report: today's route figures for Trình, and the visit off the plan behind them.
    const desk = await app.open(VIEWPORTS.desktop);
    await signInTo(desk.page, COMPANIES.anKhang);
    await desk.page.goto('/reports/employee?period=today');
    const row = desk.page.getByTestId('report-row').filter({ hasText: 'Lê Văn Trình' }).first();
    await row.getByTestId('drill-unplanned_visits').click();
    const drawer = desk.page.getByTestId('drill-drawer');
    // As many as the server lists off the plan today (the demo history may hold some of this morning's).
    const offPlan = await apiCall<VisitRecord[]>(
      app.server.url,
      `/visit/api/visits/?company=${office.companyId}&account=${trinh.accountId}&date_from=${vietnamDay()}&date_to=${vietnamDay()}&plan_state=unplanned`,
      { token: office.token },
    );
    expect(offPlan.body.count).toBeGreaterThanOrEqual(1);
    await eventually(() => drawer.getByTestId('drill-summary').innerText()).toBe(`${offPlan.body.count} lượt ghé thăm`);
    await drawer
      .getByTestId('drill-visit')
      .filter({ hasText: UNPLANNED })
      .filter({ hasText: 'Ngoài tuyến hôm nay: Khách hàng gọi đặt hàng' })
      .first()
      .waitFor();
    await expect(axeViolations(desk.page)).resolves.toEqual([]);
  }, 300_000);
});
