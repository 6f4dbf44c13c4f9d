/**
 * Rendering a whole screen in a unit test (happy-dom): Mantine, a fresh query client and a memory
 * router (screens use Link and useNavigate), a signed-in member of one workspace with a role's
 * access, and the API answered from a table instead of the network.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { MemberAccess, Permissions } from '@contract/roles';
import { setMemberAccess } from '@/session/access';
import { clearSession, setCompanyData, setUserAccount } from '@/session/session-store';

export const TEST_COMPANY = { id: 4, title: 'Công ty Dược phẩm An Khang', type: 'Dược phẩm' };
export const TEST_ACCOUNT = { id: 9, phone: '0912000005', full_name: 'Lê Văn Kho' };

export const ADMIN_ACCESS: MemberAccess = { roleId: 1, roleName: 'Quản trị', scope: 'company', permissions: {}, isAdmin: true };

/** A role that allows exactly these permissions. */
export function roleAccess(permissions: Permissions, roleName = 'Vai trò thử'): MemberAccess {
  return { roleId: 2, roleName, scope: 'company', permissions, isAdmin: false };
}

/** Signs the test account in to the test company with a role's access. */
export function enterWorkspace(access: MemberAccess): void {
  setUserAccount({
    ...TEST_ACCOUNT,
    account_type_data: { code: 'user', title: 'Người dùng' },
    company_data: [{ id: 1, company: TEST_COMPANY.id, company_data: TEST_COMPANY, status_display: 'accept', is_owner: false }],
  });
  setCompanyData(TEST_COMPANY);
  setMemberAccess(TEST_COMPANY.id, access);
}

export function leaveWorkspace(): void {
  clearSession();
}

type Answer = { data: unknown; count?: number; bonus?: unknown; message?: string };

/**
 * Answers API calls from a table: the first key the request's path contains gives the envelope's
 * data (or the whole answer); anything else is an empty list.
 */
export function serveApi(table: Record<string, Answer>): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
    const hit = Object.entries(table).find(([key]) => path.includes(key))?.[1] ?? { data: [] };
    return Response.json({ code: 200, ...hit });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders a screen with the app's providers around it. */
export function renderScreen(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
