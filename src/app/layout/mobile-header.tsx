/** The mobile header (product-spec.md §2): back arrow with the spec's back rules, the page title, the bell (§3 hasIconBellHeader), the page's dots menu. */
import { ActionIcon, Menu } from '@mantine/core';
import { IconArrowLeft, IconDotsVertical } from '@tabler/icons-react';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { SyncStatusPill } from '@/features/sync/components/sync-status-pill';
import { useSession } from '@/session/session-store';
import { openConfirm } from '@/ui/confirm-dialog';
import { backAction, LEAVE_CONFIRMATION } from './back-navigation';
import classes from './app-layout.module.css';
import { useRegisteredHeaderActions } from '@/ui/header-actions';

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
      <SyncStatusPill compact />
      {company && <NotificationBell db={appDb()} companyId={company.id} />}
      <div style={{ width: 40 }}>
        {actions.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="lg" aria-label="Thao tác khác">
                <IconDotsVertical size={22} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.map((action) => (
                <Menu.Item key={action.key} color={action.danger ? 'red' : undefined} onClick={action.onClick}>
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </div>
    </header>
  );
}
