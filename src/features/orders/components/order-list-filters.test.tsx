import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYSTEM_ROLES } from '@contract/roles';
import { uuidv7 } from '@contract/uuid';
import { enterWorkspace, leaveWorkspace, renderScreen, roleAccess, serveApi, TEST_COMPANY } from '@/testing/screen-harness';
import { AppDb } from '@/db/app-db';
import { DEFAULT_ORDER_FILTER } from '../api/order-filter-search';
import { OrderFilters } from './order-list-filters';

let db: AppDb;

beforeEach(async () => {
  db = new AppDb(`order-list-filters-${uuidv7()}`);
  await db.open();
});
afterEach(async () => {
  // Unmount first: a search the filters still had in flight would otherwise reach the real fetch.
  cleanup();
  leaveWorkspace();
  vi.unstubAllGlobals();
  db.close();
  await Dexie.delete(db.name);
});

function seededRole(name: string) {
  const role = SYSTEM_ROLES.find((candidate) => candidate.name === name)!;
  return roleAccess(role.permissions, role.name);
}

/** On a phone the filters sit in a panel that starts closed: open it, as a person would. */
async function showFilters(isMobile: boolean) {
  if (isMobile) fireEvent.click(await screen.findByTestId('order-filter-toggle'));
  await screen.findByTestId('order-filter-area');
}

const customerCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/customer/api/customer/'));

describe('OrderFilters', () => {
  it.each([false, true])('offers the customer filter to a role that sees customers (Kế toán, phone layout: %s)', async (isMobile) => {
    enterWorkspace(seededRole('Kế toán'));
    const fetchMock = serveApi({ '/customer/api/customer/': { data: [] } });
    renderScreen(
      <OrderFilters db={db} companyId={TEST_COMPANY.id} filter={DEFAULT_ORDER_FILTER} onChange={() => {}} isMobile={isMobile} />,
    );
    await showFilters(isMobile);
    expect(screen.getByTestId('order-filter-customer')).toBeTruthy();
    await waitFor(() => expect(customerCalls(fetchMock)).toHaveLength(1));
  });

  it.each([false, true])(
    'leaves it out, and never asks for customers, for a role without customers/view (Thủ kho, phone layout: %s)',
    async (isMobile) => {
      enterWorkspace(seededRole('Thủ kho'));
      const fetchMock = serveApi({});
      renderScreen(
        <OrderFilters db={db} companyId={TEST_COMPANY.id} filter={DEFAULT_ORDER_FILTER} onChange={() => {}} isMobile={isMobile} />,
      );
      await showFilters(isMobile);
      expect(screen.queryByTestId('order-filter-customer')).toBeNull();
      expect(customerCalls(fetchMock)).toEqual([]);
    },
  );
});
