/** The mobile header (product-spec.md §2): back arrow with the spec's back rules, the page title, the bell (§3 hasIconBellHeader), the page's dots menu. */
import { ActionIcon } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSession } from '@/session/session-store';
import { afterFirstPaint } from '@/ui/after-first-paint';
import { backAction, LEAVE_CONFIRMATION } from './back-navigation';
import classes from './app-layout.module.css';
import { useRegisteredHeaderActions } from '@/ui/header-actions';

const PILL_WIDTH = 44;
const BELL_WIDTH = 34;
const HEADER_GAP = 16;
/**
 * The pill and the bell load after the first paint (they bring the local database and the popover
 * code); their places are held at their size meanwhile so the centred title does not move.
 */
const HeaderStatus = afterFirstPaint(
  () => import('./header-status'),
  ({ companyId }) => <div style={{ width: companyId === null ? PILL_WIDTH : PILL_WIDTH + BELL_WIDTH + HEADER_GAP, flexShrink: 0 }} />,
);
/** Only pages that register actions show the dots menu. */
const PageActionsMenu = lazy(() => import('./page-actions-menu'));

export function MobileHeader({ title, showBack }: { title: string; showBack: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const router = useRouter();
  const actions = useRegisteredHeaderActions();
  const { company } = useSession();

  // The header asked already (type=confirm); a page's own leave guard must not ask a second time.
  function goBack() {
    if (router.history.length > 1) router.history.back({ ignoreBlocker: true });
    else void navigate({ to: '/dashboard', ignoreBlocker: true });
  }

  async function onBack() {
    const action = backAction(location.pathname, location.search as Record<string, unknown>);
    if (action.kind === 'navigate') {
      await navigate({ to: action.to });
    } else if (action.kind === 'confirm-then-back') {
      // Loaded when asked: the header is part of every first paint, the dialog rarely.
      const { openConfirm } = await import('@/ui/confirm-dialog');
      const confirmed = await openConfirm({ message: LEAVE_CONFIRMATION, icon: 'warning' });
      if (confirmed) goBack();
    } else {
      goBack();
    }
  }

  return (
    <header className={classes.header} data-testid="mobile-header" style={{ paddingInline: 8 }}>
      <div style={{ width: 40 }}>
        {showBack && (
          <ActionIcon variant="subtle" size="lg" aria-label="Quay lại" onClick={() => void onBack()}>
            <IconArrowLeft size={22} />
          </ActionIcon>
        )}
      </div>
      <div className={classes.mobileTitle} data-testid="mobile-title">
        {title}
      </div>
      <HeaderStatus companyId={company?.id ?? null} compactPill />
      <div style={{ width: 40 }}>
        {actions.length > 0 && (
          <Suspense>
            <PageActionsMenu actions={actions} />
          </Suspense>
        )}
      </div>
    </header>
  );
}
