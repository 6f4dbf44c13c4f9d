/**
 * The desktop header (product-spec.md §2): brand, the workspace's menu, workspace dropdown,
 * leave-workspace icon, user menu. The workspace layout loads it only on wide screens
 * (src/app/layout/app-layout.tsx), so a phone never downloads its menus.
 */
import { ActionIcon, Burger, Drawer, Group, Menu, NavLink, Tooltip } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { WorkspaceSwitcher } from '@/features/company/components/company-switcher';
import { buildMenu, type MenuEntry } from '@/features/company/model/menu';
import { useMemberAccess } from '@/session/access';
import { useSession } from '@/session/session-store';
import HeaderStatus from './header-status';
import { UserMenu } from './user-menu';
import classes from './app-layout.module.css';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function MenuEntryView({ entry, pathname }: { entry: MenuEntry; pathname: string }) {
  if (!('children' in entry)) {
    return (
      <Link to={entry.to} className={classes.menuItem} data-active={isActive(pathname, entry.to)}>
        {entry.label}
      </Link>
    );
  }
  const active = entry.children.some((child) => isActive(pathname, child.to));
  return (
    <Menu trigger="click-hover" openDelay={60} closeDelay={120} position="bottom-start" withinPortal>
      <Menu.Target>
        <button type="button" className={classes.menuItem} data-active={active}>
          {entry.label}
          <IconChevronDown size={14} />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {entry.children.map((child) => (
          <Menu.Item key={child.key} component={Link} to={child.to}>
            {child.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Whether the whole menu fits its room in the header. Measured, not guessed from the width: how
 * many entries there are depends on the company's switches and the member's role. Once it did not
 * fit, the menu comes back when the room (now larger by the burger's place) holds what it needed.
 */
function useMenuFits(nav: RefObject<HTMLElement | null>, menuKey: string): boolean {
  const [needed, setNeeded] = useState<{ key: string; width: number } | null>(null);
  const [room, setRoom] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const element = nav.current;
    if (!element) return;
    const measure = () => {
      setRoom(element.clientWidth);
      // Only the whole menu tells what it needs; in the drawer's place the header's menu is empty.
      if (element.childElementCount > 0) setNeeded({ key: menuKey, width: element.scrollWidth });
    };
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true });
    return () => {
      resized.disconnect();
      changed.disconnect();
    };
  }, [nav, menuKey]);
  return needed?.key !== menuKey || needed.width <= room + 1;
}

/** When the whole menu does not fit the header (below 1280 px, or more entries than room), it opens in a drawer instead. */
function MenuDrawer({ menu, pathname }: { menu: MenuEntry[]; pathname: string }) {
  const [opened, drawer] = useDisclosure(false);
  return (
    <>
      <Burger opened={opened} onClick={drawer.toggle} aria-label="Mở menu" size="sm" />
      <Drawer opened={opened} onClose={drawer.close} title="Menu" size="xs">
        {menu.map((entry) =>
          'children' in entry ? (
            <NavLink key={entry.key} label={entry.label} defaultOpened={entry.children.some((child) => isActive(pathname, child.to))}>
              {entry.children.map((child) => (
                <NavLink
                  key={child.key}
                  component={Link}
                  to={child.to}
                  label={child.label}
                  active={isActive(pathname, child.to)}
                  onClick={drawer.close}
                />
              ))}
            </NavLink>
          ) : (
            <NavLink
              key={entry.key}
              component={Link}
              to={entry.to}
              label={entry.label}
              active={isActive(pathname, entry.to)}
              onClick={drawer.close}
            />
          ),
        )}
      </Drawer>
    </>
  );
}

export default function DesktopHeader() {
  const { company, flags } = useSession();
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const router = useRouter();
  const access = useMemberAccess();
  const menu = useMemo(() => buildMenu({ flags, companyType: company?.type, access }), [flags, company?.type, access]);
  const narrow = useMediaQuery('(max-width: 1279.98px)') ?? false;
  const navRef = useRef<HTMLElement>(null);
  const fits = useMenuFits(navRef, menu.map((entry) => entry.key).join());
  const compact = narrow || !fits;
  const pillCompact = useMediaQuery('(max-width: 1599.98px)') ?? false;

  return (
    <header className={classes.header} data-testid="desktop-header">
      {compact && <MenuDrawer menu={menu} pathname={pathname} />}
      <Link to="/dashboard" className={classes.brand} aria-label="Sales Field: Tổng quan">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        {/* Below 1600 px the name gives its room to the menu and the company's name; the logo stays. */}
        {!pillCompact && <span>Sales Field</span>}
      </Link>
      <nav ref={navRef} className={classes.menu} aria-label="Menu chính">
        {!compact && menu.map((entry) => <MenuEntryView key={entry.key} entry={entry} pathname={pathname} />)}
      </nav>
      <Group gap="xs" wrap="nowrap">
        <HeaderStatus companyId={company?.id ?? null} compactPill={pillCompact} />
        <WorkspaceSwitcher
          compact={pillCompact}
          onChosen={() => {
            void router.invalidate();
            void navigate({ to: '/dashboard' });
          }}
        />
        <Tooltip label="Rời công ty, chọn không gian làm việc khác">
          <ActionIcon variant="subtle" size="lg" aria-label="Chọn công ty khác" onClick={() => void navigate({ to: '/' })}>
            <IconSwitchHorizontal size={20} />
          </ActionIcon>
        </Tooltip>
        <UserMenu />
      </Group>
    </header>
  );
}
