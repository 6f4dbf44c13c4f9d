import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { LicenceExpiryScreen } from '@/features/pharma/components/licence-expiry-screen';
import { useSession } from '@/session/session-store';

const Search = v.object({ state: v.optional(v.picklist(['expiring', 'expired', 'missing']), 'expiring') });

// docs/pharma.md "The customer's papers": drug buyers whose certificate runs out, has run out, or is not on file.
export const Route = createFileRoute('/_app/customers/licences')({
  staticData: { title: 'Giấy phép dược của khách hàng' },
  validateSearch: (search: Record<string, unknown>) => v.parse(Search, { state: search.state === undefined ? undefined : search.state }),
  component: LicencesPage,
});

function LicencesPage() {
  const { company } = useSession();
  const { state } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  if (!company) return null;
  return (
    <LicenceExpiryScreen
      companyId={company.id}
      state={state}
      onState={(next) => void navigate({ search: { state: next }, replace: true })}
    />
  );
}
