import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { VariantListPage } from '@/features/products/components/product-list-page';
import { VARIANT_LIST_SLOT, VariantFilterSchema } from '@/features/products/model/product-filter';
import { FILTER_DEFAULTS, readFilter, savedFilterToRestore, useFilterChange } from '@/ui/list-page/url-filter';

// The same filter as /product plus an exact barcode, in the URL (src/ui/list-page/url-filter.ts).
export const Route = createFileRoute('/_app/product/variant')({
  staticData: { title: 'Biến thể sản phẩm' },
  // Read as it comes: its schema is parsed where the list is (the page's chunk, and beforeLoad's import),
  // so /login does not download it.
  validateSearch: (search: Record<string, unknown>) => search,
  search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
  beforeLoad: async ({ search }) => {
    const filters = await import('@/features/products/model/product-filter');
    const saved = savedFilterToRestore(readFilter(filters.VariantFilterSchema, search), filters.VARIANT_LIST_SLOT);
    if (saved) throw redirect({ to: '/product/variant', search: saved, replace: true });
  },
  component: VariantsPage,
});

function VariantsPage() {
  const filter = readFilter(VariantFilterSchema, Route.useSearch());
  const onFilter = useFilterChange('/product/variant', VARIANT_LIST_SLOT);
  return <VariantListPage filter={filter} onFilter={onFilter} />;
}
