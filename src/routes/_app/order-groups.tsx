import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { parseGroupSearch, type GroupSearch } from '@/features/orders/api/order-group-search';
import { OrderGroupListView } from '@/features/orders/components/order-group-list-view';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/order-groups')({
  staticData: { title: 'Đơn hàng gộp', feature: 'GROUP-ORDER' },
  validateSearch: (search: Partial<GroupSearch> & SearchSchemaInput) => parseGroupSearch(search),
  search: { middlewares: [stripSearchParams({ page: 1, limit: 10 })] },
  component: OrderGroupsPage,
});

function OrderGroupsPage() {
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <OrderGroupListView
      companyId={company.id}
      filter={filter}
      onFilter={(next) => void navigate({ search: next, replace: true })}
      isMobile={isMobile}
    />
  );
}
