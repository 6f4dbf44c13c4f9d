import { createFileRoute } from '@tanstack/react-router';
import { CompanyPlanView } from '@/features/plans/components/plan-screens';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/service-package')({
  staticData: { title: 'Gói dịch vụ' },
  component: ServicePackagePage,
});

function ServicePackagePage() {
  const { company, account } = useSession();
  if (!company) return null;
  const isOwner = account?.company_data.some((membership) => membership.company === company.id && membership.is_owner) ?? false;
  return <CompanyPlanView companyId={company.id} isOwner={isOwner} />;
}
