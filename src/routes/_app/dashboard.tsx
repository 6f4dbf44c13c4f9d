import { Stack, Title } from '@mantine/core';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { DashboardView } from '@/features/dashboard/components/dashboard-view';
import { parseDashboardSearch, type DashboardSearch } from '@/features/dashboard/model/dashboard-search';
import { MyKpiCard } from '@/features/kpi/components/my-kpi-card';
import { MenuGrid } from '@/features/company/components/menu-grid';
import { useMemberAccess } from '@/session/access';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/dashboard')({
  staticData: { title: 'Tổng quan', topLevel: true },
  // Whose figures and which days, in the URL: scope=mine|company, from, to (YYYY-MM-DD).
  validateSearch: (search: DashboardSearch & SearchSchemaInput) => parseDashboardSearch(search),
  component: DashboardPage,
});

function DashboardPage() {
  const isMobile = useIsMobile();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company, account } = useSession();
  // A member who sees only their own data (a rep's role) gets their own figures; others choose,
  // phones starting on their own and desks on the company's.
  const ownOnly = useMemberAccess()?.scope === 'own';
  const scope = ownOnly ? 'mine' : (search.scope ?? (isMobile ? 'mine' : 'company'));
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
      {company && <MyKpiCard companyId={company.id} />}
      {company && (
        <section>
          {isMobile && (
            <Title order={4} mb="xs">
              Tổng quan doanh số
            </Title>
          )}
          <DashboardView
            companyId={company.id}
            accountId={account?.id ?? null}
            scope={scope}
            search={search}
            onSearch={(next) => void navigate({ search: next, replace: true })}
            isMobile={isMobile}
            canSeeCompany={!ownOnly}
          />
        </section>
      )}
    </Stack>
  );
}
