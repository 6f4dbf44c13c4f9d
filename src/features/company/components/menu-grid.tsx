/**
 * Every destination of the workspace as a grid of shortcuts. On phones the header menu is not
 * shown, so this is how a rep reaches pages outside the bottom navbar.
 */
import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useMemberAccess } from '@/session/access';
import { useSession } from '@/session/session-store';
import { buildMenu, menuLinks } from '../model/menu';

export function MenuGrid() {
  const { flags, company } = useSession();
  const access = useMemberAccess();
  const links = useMemo(
    () => menuLinks(buildMenu({ flags, companyType: company?.type, access })).filter((link) => link.to !== '/dashboard'),
    [flags, company?.type, access],
  );
  return (
    <SimpleGrid cols={{ base: 3, xs: 4 }} spacing="xs" data-testid="menu-grid">
      {links.map((link) => (
        <Card key={link.key} component={Link} to={link.to} withBorder padding="xs" radius="md" ta="center">
          <Text size="xs" fw={500} lineClamp={2}>
            {link.label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
