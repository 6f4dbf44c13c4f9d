import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { isReceiptKind } from '@contract/warehouse-receipts';
import { QueryLayer } from '@/app/query-layer';
import { ReceiptPrintView } from '@/features/warehouse/components/office-screens';
import { useSession } from '@/session/session-store';

/**
 * /receipt/print/{kind}/{id}: a receipt on A4 outside the app layout, so neither header nor navbar
 * reaches the paper. The root route's guard still applies (signed in, with a workspace).
 */
export const Route = createFileRoute('/receipt/print/$kind/$id')({
  component: ReceiptPrintPage,
});

function ReceiptPrintPage() {
  const { kind, id } = Route.useParams();
  const { company } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  if (!company || !isReceiptKind(kind)) return null;
  return (
    <QueryLayer>
      <ReceiptPrintView
        companyId={company.id}
        kind={kind}
        id={id}
        onBack={() => {
          if (router.history.length > 1) router.history.back();
          else void navigate({ to: '/inventory/receipt/$kind/$id', params: { kind, id } });
        }}
      />
    </QueryLayer>
  );
}
