import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useIsMobile } from '../../app/layout/use-is-mobile';
import { MenuGrid } from '../../features/workspace/components/menu-grid';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: 'Tổng quan', topLevel: true },
  component: DashboardPage,
});

function DashboardPage() {
  const isMobile = useIsMobile();
  return (
    <Stack gap="lg">
      {isMobile && (
        <section>
          <Title order={4} mb="xs">
            Chức năng
          </Title>
          <MenuGrid />
        </section>
      )}
      <ComingSoon title="Tổng quan doanh số" />
    </Stack>
  );
}
