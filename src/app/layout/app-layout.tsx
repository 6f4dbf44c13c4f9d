/**
 * The default page layout of a workspace (product-spec.md §2 "Layouts"): the desktop header, or on phones the
 * mobile header plus bottom navbar; an embedded frame may hide both. The page title comes from the
 * deepest route's staticData so desktop heading and mobile header say the same thing.
 */
import { Title } from '@mantine/core';
import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { FirstSyncProgress } from '@/features/sync/components/first-sync-progress';
import { SWITCH_LABELS } from '@contract/company-switches';
import { allows, useMemberAccess } from '@/session/access';
import { useSession } from '@/session/session-store';
import { applyFrameMessage, useUiFlags } from '@/session/ui-flags';
import { pagePermission } from '@/session/page-permissions';
import { resolveTitle } from '../route-meta';
import classes from './app-layout.module.css';
import { BottomNavbar } from './bottom-navbar';
import { QueryLayer } from '../query-layer';
import { DialogsHost } from './dialogs-host';
import { HeaderActionsProvider } from '@/ui/header-actions';
import { MobileHeader } from './mobile-header';
import { ScrollButtons } from './scroll-buttons';
import { useIsMobile } from '@/ui/use-is-mobile';
import { afterFirstPaint, whenFirstPainted } from '@/ui/after-first-paint';
import type { EmptyStateProps } from '@/ui/empty-state';

const SyncRunner = afterFirstPaint(() => import('../sync-runner'));
// What a page switched off or not allowed shows instead; rarely seen, so not in the first paint's code.
const EmptyState = afterFirstPaint<EmptyStateProps>(() => import('@/ui/empty-state').then(({ EmptyState }) => ({ default: EmptyState })));
/** Wide screens only: a phone's first paint needs none of its menus. Its bar is there while it loads. */
const DesktopHeader = lazy(() => import('./desktop-header'));

/** Messages from frames of other origins are ignored: only our own pages may drive the layout. */
function useEmbeddedFrameMessages() {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      applyFrameMessage(event.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
}

export function AppLayout() {
  const isMobile = useIsMobile();
  const { company, flags, account } = useSession();
  const { chromeHidden } = useUiFlags();
  const matches = useMatches();
  const deepest = matches.at(-1);
  const title = resolveTitle(deepest?.staticData, { companyType: company?.type ?? null });
  const feature = deepest?.staticData.feature;
  const featureOff = feature !== undefined && flags[feature] !== true;
  const access = useMemberAccess();
  const permission = pagePermission(deepest?.pathname ?? '/', deepest?.search as Record<string, unknown> | undefined);
  const denied = permission !== null && !allows(access, ...permission);
  useEmbeddedFrameMessages();

  const companyId = company?.id;
  const accountId = account?.id;

  // Switches and roles change in the office: take the current ones each time the app opens, once
  // the screen has painted with the ones kept on the device (and the code that asks, with it).
  useEffect(() => {
    if (!companyId) return;
    let live = true;
    void whenFirstPainted().then(async () => {
      if (!live || !navigator.onLine) return;
      const { refreshWorkspace } = await import('@/features/company/model/choose-company');
      void refreshWorkspace(companyId);
    });
    return () => {
      live = false;
    };
  }, [companyId]);

  // The company's bank accounts, kept on the device for the VietQR code a rep shows offline.
  const keepsAccounts = flags.RECEIVABLE === true && allows(access, 'receivables', 'view');
  useEffect(() => {
    if (!companyId || !accountId || !keepsAccounts) return;
    void whenFirstPainted().then(async () => {
      if (!navigator.onLine) return;
      const { keepBankAccounts } = await import('@/features/receivables/api/bank-api');
      await keepBankAccounts(companyId, accountId);
    });
  }, [companyId, accountId, keepsAccounts]);

  useEffect(() => {
    document.title = title ? `${title} – Sales Field` : 'Sales Field';
  }, [title]);

  return (
    <QueryLayer>
      <DialogsHost />
      {/* Sync runs for the workspace on screen, for the person signed in. */}
      {companyId && accountId ? <SyncRunner key={`${companyId}:${accountId}`} companyId={companyId} accountId={accountId} /> : null}
      <HeaderActionsProvider>
        {!chromeHidden &&
          (isMobile ? (
            <MobileHeader title={title} showBack={!deepest?.staticData.topLevel} />
          ) : (
            <Suspense fallback={<header className={classes.header} />}>
              <DesktopHeader />
            </Suspense>
          ))}
        <main className={classes.content} data-mobile={isMobile} data-chrome-hidden={chromeHidden}>
          <FirstSyncProgress />
          {!isMobile && title && (
            <Title order={2} mb="md" data-testid="page-title">
              {title}
            </Title>
          )}
          {featureOff ? (
            <EmptyState
              title="Chức năng chưa được bật"
              description={`Công ty của bạn chưa bật chức năng "${SWITCH_LABELS[feature]}". Vui lòng liên hệ quản trị viên công ty.`}
            />
          ) : denied ? (
            <EmptyState
              title="Bạn không có quyền truy cập trang này"
              description="Vai trò của bạn trong công ty không cho phép dùng chức năng này. Vui lòng liên hệ quản trị viên công ty."
            />
          ) : (
            <Outlet />
          )}
        </main>
        {isMobile && !chromeHidden && <BottomNavbar />}
        <ScrollButtons />
      </HeaderActionsProvider>
    </QueryLayer>
  );
}
