import { createFileRoute } from '@tanstack/react-router';
import { isReceiptKind } from '@contract/warehouse-receipts';
import { ReceiptDetailPage } from '@/features/warehouse/components/office-screens';
import { useWarehouseScope } from '@/features/warehouse/components/use-warehouse-scope';
import { EmptyState } from '@/ui/empty-state';

// A receipt of any kind: its lines, status moves, history, print.
export const Route = createFileRoute('/_app/inventory/receipt/$kind/$id')({
  staticData: { title: 'Phiếu kho' },
  component: ReceiptPage,
});

function ReceiptPage() {
  const { kind, id } = Route.useParams();
  const scope = useWarehouseScope();
  if (!scope) return null;
  if (!isReceiptKind(kind)) return <EmptyState title="Không có loại phiếu này" />;
  return <ReceiptDetailPage key={id} companyId={scope.companyId} kind={kind} id={id} isMobile={scope.isMobile} />;
}
