import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { QueryLayer } from '@/app/query-layer';
import { StatementScreen } from '@/features/receivables/components/receivable-screens';
import { useSession } from '@/session/session-store';

/** /receivables/statement/{customer id}: the debt-confirmation statement outside the app layout, for paper. */
export const Route = createFileRoute('/receivables/statement/$id')({
  component: StatementPage,
});

function StatementPage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  if (!company) return null;
  return (
    <QueryLayer>
      <StatementScreen
        companyId={company.id}
        customerId={id}
        onBack={() => {
          if (router.history.length > 1) router.history.back();
          else void navigate({ to: '/customers/$id', params: { id } });
        }}
      />
    </QueryLayer>
  );
}
