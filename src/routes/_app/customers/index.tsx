import { createFileRoute, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { CustomerListView } from '@/features/customers/components/customer-list-view';
import { CustomerFilterSchema, type CustomerFilter } from '@/features/customers/model/customer-filter';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/customers/')({
  staticData: { title: 'Khách hàng', topLevel: true },
  // Spec §3 "Customer filter" in the URL; every field may be left out (page 1, limit 10).
  validateSearch: (search: Partial<CustomerFilter> & SearchSchemaInput) => v.parse(CustomerFilterSchema, search),
  search: { middlewares: [stripSearchParams({ page: 1, limit: 10 })] },
  component: CustomersPage,
});

function CustomersPage() {
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <CustomerListView
      db={appDb()}
      companyId={company.id}
      filter={filter}
      onFilter={(next) => void navigate({ search: next, replace: true })}
      staffLabel={salesStaffLabel(company.type)}
      isMobile={isMobile}
    />
  );
}
