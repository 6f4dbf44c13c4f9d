import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { PaymentReceiptView } from '@/features/receivables/components/payment-receipt-view';
import { QueryLayer } from '@/app/query-layer';
import { useSession } from '@/session/session-store';

/** /payment/print/{id}: the receipt (phiếu thu) outside the app layout, so only the sheet reaches the paper. */
export const Route = createFileRoute('/payment/print/$id')({
  component: PaymentPrintPage,
});

function PaymentPrintPage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  const navigate = useNavigate();
  const router = useRouter();
  if (!company) return null;
  return (
    <QueryLayer>
      <PaymentReceiptView
        db={appDb()}
        companyId={company.id}
        companyTitle={company.title}
        id={id}
        onBack={() => {
          if (router.history.length > 1) router.history.back();
          else void navigate({ to: '/receivables' });
        }}
      />
    </QueryLayer>
  );
}
