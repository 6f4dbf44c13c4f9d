/**
 * The mobile bottom navbar (product-spec.md §2): five fixed destinations, less those the member's role does not
 * allow (a rep without the employees permission sees four).
 */
import { IconHome, IconShoppingCart, IconUser, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { bottomNav } from '@/features/company/model/menu';
import { useMemberAccess } from '@/session/access';
import classes from './app-layout.module.css';

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  home: IconHome,
  customers: IconUsersGroup,
  sales: IconShoppingCart,
  employees: IconUsers,
  me: IconUser,
};

export function BottomNavbar() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const tabs = bottomNav(useMemberAccess());
  return (
    <nav className={classes.bottomNav} aria-label="Điều hướng" data-testid="bottom-navbar">
      {tabs.map((item) => {
        const Icon = ICONS[item.key] ?? IconHome;
        const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
        return (
          <Link key={item.key} to={item.to} className={classes.bottomNavItem} data-active={active}>
            <Icon size={22} />
            <span>{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
