import { createFileRoute } from '@tanstack/react-router';
import { JoinRequests } from '@/features/company/components/join-requests';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/join-requests')({
  staticData: { title: 'Yêu cầu tham gia' },
  component: JoinRequestsPage,
});

function JoinRequestsPage() {
  const { account, company } = useSession();
  if (!account || !company) return null;
  const isOwner = account.company_data.some((membership) => membership.company === company.id && membership.is_owner);
  return <JoinRequests companyId={company.id} isOwner={isOwner} />;
}
