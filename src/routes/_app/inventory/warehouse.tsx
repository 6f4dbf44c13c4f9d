import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { ReceiptListView } from '@/features/warehouse/components/office-screens';
import { useWarehouseScope } from '@/features/warehouse/components/use-warehouse-scope';
import { parseWarehouseFilter, urlSearch } from '@/features/warehouse/model/warehouse-search';

// product-spec.md §2: with the WAREHOUSE service off, the import receipts of the default warehouse.
export const Route = createFileRoute('/_app/inventory/warehouse')({
  staticData: { title: 'Phiếu nhập kho' },
  component: ImportReceiptsPage,
});

function ImportReceiptsPage() {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const scope = useWarehouseScope();
  if (!scope) return null;
  return (
    <ReceiptListView
      scope={scope}
      kind="import"
      filter={parseWarehouseFilter(search)}
      onFilter={(next) => void navigate({ to: '.', search: urlSearch(undefined, next) as never, replace: true })}
      isMobile={scope.isMobile}
    />
  );
}
