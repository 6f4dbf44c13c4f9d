/** The /product and /product/variant pages: the filter their routes read from the URL, the session, the list. */
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import type { ListScreen } from '@/ui/list-page/list-page';
import { useSession } from '@/session/session-store';
import type { ProductFilter, VariantFilter } from '../model/product-filter';
import { ProductListView } from './product-list-view';
import { VariantListView } from './variant-list-view';

type PageProps<F> = Omit<ListScreen<F>, 'isMobile'>;

export function ProductListPage({ filter, onFilter }: PageProps<ProductFilter>) {
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <ProductListView
      db={appDb()}
      companyId={company.id}
      filter={filter}
      onFilter={onFilter}
      wholesale={flags.WHOLESALE === true}
      isMobile={isMobile}
    />
  );
}

export function VariantListPage({ filter, onFilter }: PageProps<VariantFilter>) {
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <VariantListView
      db={appDb()}
      companyId={company.id}
      filter={filter}
      onFilter={onFilter}
      wholesale={flags.WHOLESALE === true}
      isMobile={isMobile}
    />
  );
}
