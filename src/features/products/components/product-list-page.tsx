/** The /product and /product/variant pages: the filter from the URL (and the saved one), the session, the list. */
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { useSession } from '@/session/session-store';
import { ProductFilterSchema, VariantFilterSchema } from '../model/product-filter';
import { ProductListView } from './product-list-view';
import { useUrlFilter } from './use-url-filter';
import { VariantListView } from './variant-list-view';

export function ProductListPage() {
  const { filter, restoring, setFilter } = useUrlFilter(ProductFilterSchema, 'products');
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company || restoring) return null;
  return (
    <ProductListView
      db={appDb()}
      companyId={company.id}
      filter={filter}
      onFilter={setFilter}
      wholesale={flags.WHOLESALE === true}
      isMobile={isMobile}
    />
  );
}

export function VariantListPage() {
  const { filter, restoring, setFilter } = useUrlFilter(VariantFilterSchema, 'variants');
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company || restoring) return null;
  return (
    <VariantListView
      db={appDb()}
      companyId={company.id}
      filter={filter}
      onFilter={setFilter}
      wholesale={flags.WHOLESALE === true}
      isMobile={isMobile}
    />
  );
}
