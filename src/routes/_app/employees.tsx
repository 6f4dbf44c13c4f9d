import { createFileRoute, redirect, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import * as v from 'valibot';
import { useIsMobile } from '@/ui/use-is-mobile';
import { StaffListPage } from '@/features/employees/components/staff-list-page';
import {
  AccountFilterSchema,
  filterToRestore,
  readSavedAccountFilter,
  urlPart,
  type AccountFilter,
} from '@/features/employees/model/employee-filter';

export const Route = createFileRoute('/_app/employees')({
  // The literal OFFICE_STAFF_LABEL (contract/employees): route options are in the first download.
  staticData: { title: 'Nhân viên văn phòng', topLevel: true },
  // Spec §3 account list filter: pageEmployee, limitEmployee, searchEmployee, region, status in the URL.
  validateSearch: (search: AccountFilter & SearchSchemaInput) => urlPart(v.parse(AccountFilterSchema, search), 'office'),
  // Back at the list with a bare URL, it is as it was left (saved in session storage).
  beforeLoad: ({ location }) => {
    const restored = filterToRestore(location.search as Record<string, unknown>, readSavedAccountFilter(), 'office');
    if (restored) throw redirect({ to: '/employees', search: restored, replace: true });
  },
  component: EmployeesPage,
});

function EmployeesPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const isMobile = useIsMobile();
  return (
    <StaffListPage kind="office" search={search} onSearch={(next) => void navigate({ search: next, replace: true })} isMobile={isMobile} />
  );
}
