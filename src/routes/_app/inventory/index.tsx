import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useWarehouseScope } from '@/features/warehouse/components/use-warehouse-scope';
import { WarehouseHub } from '@/features/warehouse/components/office-screens';
import { INVENTORY_TABS, parseTab, parseWarehouseFilter, urlSearch, type HubTab } from '@/features/warehouse/model/warehouse-search';

// The WAREHOUSE service off: the stock of the default warehouse, with its counts, lots, stock card and periods as tabs.
export const Route = createFileRoute('/_app/inventory/')({
  staticData: { title: 'Tồn kho' },
  component: InventoryPage,
});

function InventoryPage() {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const scope = useWarehouseScope();
  if (!scope) return null;
  const tab = parseTab(search.tab, INVENTORY_TABS);
  const tabParam = (next: HubTab) => (next === INVENTORY_TABS[0] ? undefined : next);
  return (
    <WarehouseHub
      scope={scope}
      tabs={INVENTORY_TABS}
      tab={tab}
      filter={parseWarehouseFilter(search)}
      onTab={(next) => void navigate({ to: '.', search: urlSearch(tabParam(next), { page: 1, limit: 10 }) as never })}
      onFilter={(next) => void navigate({ to: '.', search: urlSearch(tabParam(tab), next) as never, replace: true })}
    />
  );
}
