import { createFileRoute, useLocation, useNavigate } from '@tanstack/react-router';
import { useWarehouseScope } from '@/features/warehouse/components/use-warehouse-scope';
import { WarehouseHub } from '@/features/warehouse/components/office-screens';
import { HUB_TABS, parseTab, parseWarehouseFilter, urlSearch, type HubTab } from '@/features/warehouse/model/warehouse-search';

// The WAREHOUSE service on: several warehouses, one page of tabs (?tab=…) and the active warehouse.
export const Route = createFileRoute('/_app/warehouse')({
  staticData: { title: 'Quản lý kho', feature: 'WAREHOUSE' },
  component: WarehousePage,
});

function WarehousePage() {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const scope = useWarehouseScope();
  if (!scope) return null;
  const tab = parseTab(search.tab, HUB_TABS);
  const tabParam = (next: HubTab) => (next === HUB_TABS[0] ? undefined : next);
  return (
    <WarehouseHub
      scope={scope}
      tabs={HUB_TABS}
      tab={tab}
      filter={parseWarehouseFilter(search)}
      onTab={(next) => void navigate({ to: '.', search: urlSearch(tabParam(next), { page: 1, limit: 10 }) as never })}
      onFilter={(next) => void navigate({ to: '.', search: urlSearch(tabParam(tab), next) as never, replace: true })}
    />
  );
}
