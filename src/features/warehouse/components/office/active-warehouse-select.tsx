/**
 * "Kho làm việc": the warehouse the person works in on this device (product-spec.md §3 "Warehouse:
 * active warehouse, initially empty"); lists and the stock view open on it, new receipts start in
 * it, orders taken here reserve from it. Empty: every warehouse in lists, the default one elsewhere.
 */
import { Select } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { setActiveWarehouse } from '@/session/active-warehouse';
import { useWarehouses, warehouseOptions } from '@/features/warehouse/api/warehouse-api';
import type { WarehouseScope } from '@/features/warehouse/model/scope';

export function ActiveWarehouseSelect({ scope, onChange }: { scope: WarehouseScope; onChange?: () => void }) {
  const warehouses = useWarehouses(scope.companyId);
  return (
    <Select
      aria-label="Kho làm việc"
      placeholder="Tất cả kho"
      leftSection={<IconBuildingWarehouse size={18} />}
      data={warehouseOptions(warehouses.data)}
      value={scope.active === null ? null : String(scope.active)}
      onChange={(next) => {
        setActiveWarehouse(scope.companyId, scope.accountId, next ? Number(next) : null);
        onChange?.();
      }}
      clearable
      w={scope.isMobile ? '100%' : 260}
      data-testid="active-warehouse"
    />
  );
}
