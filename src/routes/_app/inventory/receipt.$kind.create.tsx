import { createFileRoute, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { isReceiptKind } from '@contract/warehouse-receipts';
import { ReceiptFormPage } from '@/features/warehouse/components/office-screens';
import { useWarehouseScope } from '@/features/warehouse/components/use-warehouse-scope';
import { EmptyState } from '@/ui/empty-state';

// A new import, export or transfer receipt, or with ?id= a draft being edited.
export const Route = createFileRoute('/_app/inventory/receipt/$kind/create')({
  staticData: { title: 'Lập phiếu kho' },
  component: ReceiptCreatePage,
});

function ReceiptCreatePage() {
  const { kind } = Route.useParams();
  const rawId = (useLocation().search as Record<string, unknown>).id;
  const scope = useWarehouseScope();
  const router = useRouter();
  const navigate = useNavigate();
  if (!scope) return null;
  if (!isReceiptKind(kind) || kind === 'check') return <EmptyState title="Không có loại phiếu này" />;
  const back = () => (router.history.length > 1 ? router.history.back() : void navigate({ to: '/inventory' }));
  return (
    <ReceiptFormPage
      key={`${kind}-${String(rawId)}`}
      scope={scope}
      kind={kind}
      id={typeof rawId === 'string' && rawId ? rawId : null}
      onDone={back}
    />
  );
}
