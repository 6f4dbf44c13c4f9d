/**
 * Where the signed-in person works in the warehouse screens: the company, whether it runs several
 * warehouses (its WAREHOUSE switch) and the person's active warehouse, kept on this device
 * (src/session/active-warehouse.ts), which only counts while there are several.
 */
import { useActiveWarehouse } from '@/session/active-warehouse';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';
import type { WarehouseScope } from '../model/scope';

export function useWarehouseScope(): WarehouseScope | null {
  const { company, account, flags } = useSession();
  const isMobile = useIsMobile();
  const multi = flags.WAREHOUSE === true;
  const active = useActiveWarehouse(company?.id ?? 0, account?.id ?? 0);
  if (!company || !account) return null;
  return { companyId: company.id, accountId: account.id, multi, active: multi ? active : null, isMobile };
}
