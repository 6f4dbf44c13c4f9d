import { createFileRoute, redirect, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { StaffListPage } from '@/features/employees/components/staff-list-page';
import {
  AccountFilterSchema,
  filterToRestore,
  readSavedAccountFilter,
  urlPart,
  type AccountFilter,
} from '@/features/employees/model/employee-filter';

export const Route = createFileRoute('/_app/pharmacist')({
  staticData: { title: ({ companyType }) => salesStaffLabel(companyType) },
  // Spec §3 account list filter: pageTDV, limitTDV, searchTDV, region, status in the URL.
  validateSearch: (search: AccountFilter & SearchSchemaInput) => urlPart(v.parse(AccountFilterSchema, search), 'sales'),
  // Back at the list with a bare URL, it is as it was left (saved in session storage).
  beforeLoad: ({ location }) => {
    const restored = filterToRestore(location.search as Record<string, unknown>, readSavedAccountFilter(), 'sales');
    if (restored) throw redirect({ to: '/pharmacist', search: restored, replace: true });
  },
  component: PharmacistPage,
});

function PharmacistPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const isMobile = useIsMobile();
  return (
    <StaffListPage kind="sales" search={search} onSearch={(next) => void navigate({ search: next, replace: true })} isMobile={isMobile} />
  );
}
