/**
 * Every destination of the workspace as a grid of shortcuts. On phones the header menu is not
 * shown, so this is how a rep reaches pages outside the bottom navbar.
 */
import { Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconChartBar,
  IconCirclesRelation,
  IconClipboardList,
  IconDiscount2,
  IconId,
  IconMapPin,
  IconPackage,
  IconPackageExport,
  IconPackageImport,
  IconReceipt,
  IconSettings,
  IconShieldLock,
  IconStack2,
  IconTag,
  IconTarget,
  IconTruckDelivery,
  IconUsers,
  IconUsersGroup,
  IconWalk,
  IconBrandMessenger,
  IconListDetails,
  IconPackages,
  IconCash,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, type ComponentType } from 'react';
import { useMemberAccess } from '@/session/access';
import { useSession } from '@/session/session-store';
import { buildMenu, menuLinks } from '../model/menu';

/** What each tile shows beside its label, so a tile reads as a button to tap (keys of ../model/menu.ts). */
const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  order: IconReceipt,
  'order-groups': IconStack2,
  transport: IconTruckDelivery,
  product: IconPackage,
  'product-variant': IconTag,
  'warehouse-management': IconBuildingWarehouse,
  'inventory-import': IconPackageImport,
  'inventory-export': IconPackageExport,
  inventory: IconClipboardList,
  'customer-list': IconUsersGroup,
  'customer-types': IconCirclesRelation,
  'customer-settings': IconSettings,
  visits: IconWalk,
  pharmacist: IconId,
  'office-staff': IconUsers,
  promotion: IconDiscount2,
  receivables: IconCash,
  area: IconMapPin,
  'kpi-area': IconTarget,
  role: IconShieldLock,
  'order-types': IconListDetails,
  'service-package': IconPackages,
  'price-policy': IconTag,
  'connect-dlo': IconTruckDelivery,
  'zalo-oa': IconBrandMessenger,
};

export function MenuGrid() {
  const { flags, company } = useSession();
  const access = useMemberAccess();
  const links = useMemo(
    () => menuLinks(buildMenu({ flags, companyType: company?.type, access })).filter((link) => link.to !== '/dashboard'),
    [flags, company?.type, access],
  );
  return (
    <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" data-testid="menu-grid">
      {links.map((link) => {
        const Icon = ICONS[link.key] ?? IconChartBar;
        return (
          <Card key={link.key} component={Link} to={link.to} withBorder padding="xs" radius="md" ta="center">
            <Stack gap={6} align="center">
              <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <Text size="xs" fw={500} lineClamp={2}>
                {link.label}
              </Text>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
