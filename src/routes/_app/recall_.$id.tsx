import { createFileRoute } from '@tanstack/react-router';
import { RecallDetailView } from '@/features/pharma/components/recall-detail-view';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/recall_/$id')({
  staticData: { title: 'Đợt thu hồi' },
  component: RecallCampaignPage,
});

function RecallCampaignPage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  if (!company) return null;
  const recallId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return <RecallDetailView key={recallId} companyId={company.id} id={recallId} />;
}
