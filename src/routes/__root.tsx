import { createRootRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { guardRedirect } from '@/features/auth/model/route-guard';
import { getAccessToken, getCompanyData, getUserAccount } from '@/session/session-store';
import { laterStyles, paintsWithoutLaterStyles } from '@/ui/later-styles';

export const Route = createRootRoute({
  // Spec §2 rules 1–3, checked on every navigation from the stored cookies.
  beforeLoad: ({ location }) => {
    const target = guardRedirect({
      pathname: location.pathname,
      hasAccessToken: Boolean(getAccessToken()),
      companyCount: getUserAccount()?.company_data.length ?? 0,
      hasCompanyCookie: Boolean(getCompanyData()),
      isSystemAdmin: getUserAccount()?.account_type_data.code === 'SYSTEM',
    });
    if (target && target !== location.pathname) throw redirect({ to: target, replace: true });
    // Sign-in and the dashboard paint with the first-paint styles alone (src/ui/mantine-styles.ts);
    // any other screen waits for the rest so that it never shows unstyled.
    if (!paintsWithoutLaterStyles(location.pathname)) return laterStyles();
  },
  component: Outlet,
  // The root route is not split automatically; the 404 page loads only when needed.
  notFoundComponent: lazyRouteComponent(() => import('@/app/not-found-page'), 'NotFoundPage'),
});
