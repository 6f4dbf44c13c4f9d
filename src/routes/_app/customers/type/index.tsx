import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { CustomerTypeListView } from '@/features/customers/components/customer-type-list-view';
import { useSession } from '@/session/session-store';

type TypeSearch = { search: string; page: number };

export const Route = createFileRoute('/_app/customers/type/')({
  staticData: { title: 'Nhóm khách hàng' },
  validateSearch: (search: Partial<TypeSearch> & SearchSchemaInput): TypeSearch => ({
    search: typeof search.search === 'string' ? search.search.slice(0, 100) : '',
    page: Number.isInteger(search.page) && Number(search.page) > 0 ? Number(search.page) : 1,
  }),
  search: { middlewares: [stripSearchParams({ search: '', page: 1 })] },
  component: CustomerTypesPage,
});

function CustomerTypesPage() {
  const { search, page } = Route.useSearch();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const { company } = useSession();
  if (!company) return null;
  return (
    <CustomerTypeListView
      db={appDb()}
      companyId={company.id}
      search={search}
      page={page}
      onQuery={(next) => void navigate({ to: '/customers/type', search: next, replace: true })}
      isMobile={isMobile}
      onCreated={(id) => void navigate({ to: '/customers/type/$id', params: { id: String(id) } })}
    />
  );
}
