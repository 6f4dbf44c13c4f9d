/**
 * The system administrator's layout (/system, docs/system.md): its own header and menu (a drawer on
 * narrow screens), no workspace, no sync. The root route's guard keeps everyone else out; the page
 * says so too, should the stored account change under it.
 */
import { Badge, Burger, Drawer, NavLink, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { activeSystemLink, SYSTEM_MENU } from '@/features/system/model/system-menu';
import { useSession } from '@/session/session-store';
import { EmptyState } from '@/ui/empty-state';
import { QueryLayer } from '../query-layer';
import { resolveTitle } from '../route-meta';
import classes from './app-layout.module.css';
import { DialogsHost } from './dialogs-host';
import { UserMenu } from './user-menu';

function SystemHeader() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const active = activeSystemLink(pathname);
  const compact = useMediaQuery('(max-width: 1279.98px)') ?? false;
  const [opened, drawer] = useDisclosure(false);
  return (
    <header className={classes.header} data-testid="system-header">
      {compact && <Burger opened={opened} onClick={drawer.toggle} aria-label="Mở menu" size="sm" />}
      <Link to="/system" className={classes.brand} aria-label="Sales Field: Quản trị hệ thống, tổng quan">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {!compact && <span>Sales Field</span>}
      </Link>
      <Badge tt="none" variant="light" color="grape" visibleFrom="xs">
        Quản trị hệ thống
      </Badge>
      <nav className={classes.menu} aria-label="Menu quản trị hệ thống">
        {!compact &&
          SYSTEM_MENU.map((link) => (
            <Link key={link.key} to={link.to} className={classes.menuItem} data-active={active?.key === link.key}>
              {link.label}
            </Link>
          ))}
      </nav>
      <UserMenu withAccountPage={false} color="grape" />
      <Drawer opened={opened} onClose={drawer.close} title="Quản trị hệ thống" size="xs">
        {SYSTEM_MENU.map((link) => (
          <NavLink
            key={link.key}
            component={Link}
            to={link.to}
            label={link.label}
            active={active?.key === link.key}
            onClick={drawer.close}
          />
        ))}
      </Drawer>
    </header>
  );
}

export function SystemLayout() {
  const { account } = useSession();
  const matches = useMatches();
  const title = resolveTitle(matches.at(-1)?.staticData, { companyType: null });
  useEffect(() => {
    document.title = title ? `${title} – Quản trị hệ thống` : 'Quản trị hệ thống';
  }, [title]);
  const allowed = account?.account_type_data.code === 'SYSTEM';
  return (
    <QueryLayer>
      <DialogsHost />
      <SystemHeader />
      <main className={classes.content}>
        {title && (
          <Title order={2} mb="md" data-testid="page-title">
            {title}
          </Title>
        )}
        {allowed ? (
          <Outlet />
        ) : (
          <EmptyState title="Bạn không có quyền truy cập trang này" description="Khu vực này chỉ dành cho quản trị hệ thống." />
        )}
      </main>
    </QueryLayer>
  );
}
