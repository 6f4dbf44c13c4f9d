import { createFileRoute } from '@tanstack/react-router';
import { salesStaffLabel } from '../../../contract/company';
import { ComingSoon } from '../../ui/coming-soon';
import { useSession } from '../../session/session-store';

export const Route = createFileRoute('/_app/pharmacist')({
  staticData: { title: ({ companyType }) => salesStaffLabel(companyType) },
  component: PharmacistPage,
});

function PharmacistPage() {
  const { company } = useSession();
  return <ComingSoon title={salesStaffLabel(company?.type)} />;
}
