import { createFileRoute, redirect, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { VariantListPage } from '@/features/products/components/product-list-page';
import { VARIANT_LIST_SLOT, VariantFilterSchema, type VariantFilter } from '@/features/products/model/product-filter';
import { FILTER_DEFAULTS, readFilter, savedFilterToRestore, useFilterChange } from '@/ui/list-page/url-filter';

// The same filter as /product plus an exact barcode, in the URL (src/ui/list-page/url-filter.ts).
export const Route = createFileRoute('/_app/product/variant')({
  staticData: { title: 'Biến thể sản phẩm' },
  validateSearch: (search: Partial<VariantFilter> & SearchSchemaInput) => readFilter(VariantFilterSchema, search),
  search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
  beforeLoad: ({ search }) => {
    const saved = savedFilterToRestore(search, VARIANT_LIST_SLOT);
    if (saved) throw redirect({ to: '/product/variant', search: saved, replace: true });
  },
  component: VariantsPage,
});

function VariantsPage() {
  const filter = Route.useSearch();
  const onFilter = useFilterChange('/product/variant', VARIANT_LIST_SLOT);
  return <VariantListPage filter={filter} onFilter={onFilter} />;
}
