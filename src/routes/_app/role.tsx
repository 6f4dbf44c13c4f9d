import { Tabs } from '@mantine/core';
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { RoleListView } from '@/features/roles/components/role-list-view';
import { RoleRequestsView } from '@/features/roles/components/role-requests-view';
import { useSession } from '@/session/session-store';

type RoleSearch = { tab: 'roles' | 'requests' };

export const Route = createFileRoute('/_app/role')({
  staticData: { title: 'Phân quyền' },
  validateSearch: (search: Partial<RoleSearch> & SearchSchemaInput): RoleSearch => ({
    tab: search.tab === 'requests' ? 'requests' : 'roles',
  }),
  component: RolePage,
});

function RolePage() {
  const { tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <Tabs value={tab} onChange={(next) => void navigate({ search: { tab: next === 'requests' ? 'requests' : 'roles' }, replace: true })}>
      <Tabs.List mb="md">
        <Tabs.Tab value="roles">Vai trò</Tabs.Tab>
        <Tabs.Tab value="requests">Yêu cầu đổi vai trò</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="roles">
        <RoleListView companyId={company.id} isMobile={isMobile} />
      </Tabs.Panel>
      <Tabs.Panel value="requests">
        <RoleRequestsView companyId={company.id} />
      </Tabs.Panel>
    </Tabs>
  );
}
