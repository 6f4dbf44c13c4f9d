/**
 * The check-in panel on the phone decides the place as the server will (contract/visits-place.ts),
 * from the rules and the pin the device holds: a warning to confirm, and the pin set from a first
 * check-in. The office's block path runs in the browser (tests/e2e/visits-offline.test.ts).
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vietnamDay } from '@contract/price-policy';
import { uuidv7 } from '@contract/uuid';
import { dayPlace } from '@contract/visits-plans';
import { DEFAULT_VISIT_SETTINGS, LOCATION_NOTICE } from '@contract/visits-place';
import { AppDb } from '@/db/app-db';
import { toLocalCustomer } from '@/db/local-records';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace } from '@/testing/screen-harness';
import { COMPANY, RETAIL } from '@/testing/order-fixtures';
import { acceptLocationNotice } from '../model/visit-actions';
import { CheckInPanel } from './check-in-panel';

configure({ asyncUtilTimeout: 5_000 });

const PIN = { lat: 10.7758, lng: 106.7019 };
const VISITOR = { companyId: COMPANY, accountId: 9, accountName: 'Lê Văn Trình' };
let db: AppDb;
const wrapper = ({ children }: { children: ReactNode }) => <MantineProvider env="test">{children}</MantineProvider>;

/** The device's GPS reports a fix `metres` north of the pin. */
function standAt(metres: number, accuracy = 10) {
  const position = { coords: { latitude: PIN.lat + metres / 111_195, longitude: PIN.lng, accuracy } };
  vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition: (ok: (p: unknown) => void) => ok(position) } });
}

/** The rep accepted the location notice here before (its op already sent: the outbox starts empty). */
async function noticeDone() {
  await acceptLocationNotice(db, VISITOR);
  await db.outbox.clear();
}

async function shop(pinned: boolean) {
  const customer = toLocalCustomer({ ...RETAIL, lat: pinned ? PIN.lat : null, lng: pinned ? PIN.lng : null });
  await db.customers.put(customer);
  await noticeDone();
  render(<CheckInPanel db={db} visitor={VISITOR} customer={customer} />, { wrapper });
  await screen.findByTestId('check-in-form');
  return customer;
}

async function queuedCheckIn() {
  const [op] = await db.outbox.toArray();
  const [visit] = await db.visits.toArray();
  return { payload: op?.payload as { pin: boolean } | undefined, visit };
}

beforeEach(async () => {
  db = new AppDb(`check-in-${uuidv7()}`);
  await db.open();
  enterWorkspace(ADMIN_ACCESS);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  leaveWorkspace();
  db.close();
  await Dexie.delete(db.name);
});

describe('CheckInPanel: the location notice', () => {
  it('comes before a first check-in; accepting it shows the form and queues the record of it', async () => {
    const customer = toLocalCustomer({ ...RETAIL, lat: PIN.lat, lng: PIN.lng });
    await db.customers.put(customer);
    render(<CheckInPanel db={db} visitor={VISITOR} customer={customer} />, { wrapper });
    const notice = await screen.findByTestId('location-notice');
    expect(notice.textContent).toContain('chỉ lấy vị trí GPS của máy lúc bạn bấm Check-in và Check-out');
    expect(notice.textContent).toContain(`Phiên bản ${LOCATION_NOTICE.version.split('-').reverse().join('/')}`);
    expect(screen.queryByTestId('check-in-form')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tôi đã đọc và đồng ý' }));
    await screen.findByTestId('check-in-form');
    const [op] = await db.outbox.toArray();
    expect(op).toMatchObject({ type: 'visit.acceptLocationNotice', payload: { version: LOCATION_NOTICE.version } });
  });
});

describe('CheckInPanel: the place of a check-in', () => {
  it('warn: 500 m from the pin asks first; "Vẫn check-in" saves the visit with its distance and flag', async () => {
    await db.visitSettings.put({ company: COMPANY, ...DEFAULT_VISIT_SETTINGS, place_rule: 'warn' });
    standAt(500);
    await shop(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    const alert = await screen.findByTestId('check-in-place');
    expect(alert.textContent).toContain('Lưu ý khi check-in: máy đang cách vị trí khách hàng 500 m, quá bán kính 200 m.');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Vẫn check-in' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const { payload, visit } = await queuedCheckIn();
    expect(visit).toMatchObject({ check_in_distance_m: 500, flags: ['FAR_FROM_PIN'], syncState: 'pending' });
    expect(payload?.pin).toBe(false);
  });

  it('warn: "Hủy" leaves nothing queued; within the radius nothing is asked', async () => {
    standAt(500);
    await shop(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByTestId('check-in-place')).toBeNull());
    standAt(60);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect((await queuedCheckIn()).visit).toMatchObject({ check_in_distance_m: 60, flags: [] });
  });

  it('a customer without a pin offers to pin it here, and the op asks the server to', async () => {
    standAt(0, 15);
    await shop(false);
    const box = await screen.findByRole('checkbox', { name: /Ghim vị trí khách hàng tại đây/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const { payload, visit } = await queuedCheckIn();
    expect(payload?.pin).toBe(true);
    expect(visit).toMatchObject({ check_in_distance_m: null, flags: ['PIN_SET'] });
  });

  it('a pinned customer shows no pin box', async () => {
    standAt(0);
    await shop(true);
    expect(screen.queryByRole('checkbox', { name: /Ghim vị trí/ })).toBeNull();
  });
});

describe('CheckInPanel: today’s route plan', () => {
  /** An approved plan of the rep in effect today, with `customerId` on it or not. */
  async function planToday(customerId: string) {
    const weekday = dayPlace(vietnamDay()).weekday;
    const stops = [{ customer_id: customerId, frequency: 'F4' as const, weekdays: [weekday], weeks: [] }];
    await db.routePlans.put({
      id: uuidv7(),
      company: COMPANY,
      account_id: VISITOR.accountId,
      account_name: VISITOR.accountName,
      name: 'Tuyến thử',
      status: 'approved',
      stops: stops.map((stop) => ({ ...stop, customer_name: 'Nhà thuốc khác' })),
      effective_from: '2026-01-05',
      approved_stops: stops,
      approved_from: '2026-01-05',
      approved_by_name: 'Võ Minh Quân',
      approved_at: '2026-01-05T01:00:00Z',
      updated_at: '2026-01-05T01:00:00Z',
    });
  }

  it('off the plan asks why before it checks in, and the reason travels with the check-in', async () => {
    await planToday(uuidv7());
    standAt(20);
    await shop(true);
    await screen.findByText('Khách hàng này không có trong tuyến hôm nay.');
    expect((screen.getByRole('button', { name: 'Check-in' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('unplanned-reason'));
    fireEvent.click(await screen.findByRole('option', { name: 'Thu tiền hoặc giao hàng' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Check-in' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const { payload, visit } = await queuedCheckIn();
    expect(payload).toMatchObject({ unplannedReason: 'COLLECT_OR_DELIVER' });
    expect(visit).toMatchObject({ plan_state: 'unplanned', unplanned_reason: 'COLLECT_OR_DELIVER' });
  });

  it('on the plan asks nothing and records it planned', async () => {
    standAt(20);
    await planToday(RETAIL.id);
    await shop(true);
    fireEvent.click(screen.getByRole('button', { name: 'Check-in' }));
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    expect(screen.queryByTestId('unplanned-reason')).toBeNull();
    const { payload, visit } = await queuedCheckIn();
    expect(payload).toMatchObject({ unplannedReason: null });
    expect(visit).toMatchObject({ plan_state: 'planned', unplanned_reason: null });
  });
});
