import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { QueryLayer } from '@/app/query-layer';
import { RecallPrintView } from '@/features/pharma/components/recall-print-view';
import { useSession } from '@/session/session-store';

/**
 * /recall/print/{id}: a campaign's close-out report on A4 outside the app layout, so neither header
 * nor navbar reaches the paper. The root route's guard still applies (signed in, with a workspace).
 */
export const Route = createFileRoute('/recall/print/$id')({
  component: RecallPrintPage,
});

function RecallPrintPage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  if (!company) return null;
  const recallId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return (
    <QueryLayer>
      <RecallPrintView
        companyId={company.id}
        companyName={company.title}
        id={recallId}
        onBack={() => {
          if (router.history.length > 1) router.history.back();
          else void navigate({ to: '/recall/$id', params: { id } });
        }}
      />
    </QueryLayer>
  );
}
