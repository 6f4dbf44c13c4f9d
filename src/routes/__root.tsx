import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { guardRedirect } from '../features/auth/model/route-guard';
import { getAccessToken, getCompanyData, getUserAccount } from '../session/session-store';
import { NotFoundPage } from '../app/not-found-page';

export type RouterContext = { queryClient: QueryClient };

export const Route = createRootRouteWithContext<RouterContext>()({
  // Spec §2 rules 1–3, checked on every navigation from the stored cookies.
  beforeLoad: ({ location }) => {
    const target = guardRedirect({
      pathname: location.pathname,
      hasAccessToken: Boolean(getAccessToken()),
      companyCount: getUserAccount()?.company_data.length ?? 0,
      hasCompanyCookie: Boolean(getCompanyData()),
    });
    if (target && target !== location.pathname) throw redirect({ to: target, replace: true });
  },
  component: Outlet,
  notFoundComponent: NotFoundPage,
});
