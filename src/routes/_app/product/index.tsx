import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router';
import { ProductListPage } from '@/features/products/components/product-list-page';
import { PRODUCT_LIST_SLOT, ProductFilterSchema } from '@/features/products/model/product-filter';
import { FILTER_DEFAULTS, readFilter, savedFilterToRestore, useFilterChange } from '@/ui/list-page/url-filter';

// The filter (product-spec.md §3 "Product … filter") lives in the URL (src/ui/list-page/url-filter.ts).
export const Route = createFileRoute('/_app/product/')({
  staticData: { title: 'Sản phẩm' },
  // Read as it comes: its schema is parsed where the list is (the page's chunk, and beforeLoad's import),
  // so /login does not download it.
  validateSearch: (search: Record<string, unknown>) => search,
  search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
  // Spec §2 rule 4: back in the section with a bare URL, the list's saved filter comes back.
  beforeLoad: async ({ search }) => {
    const filters = await import('@/features/products/model/product-filter');
    const saved = savedFilterToRestore(readFilter(filters.ProductFilterSchema, search), filters.PRODUCT_LIST_SLOT);
    if (saved) throw redirect({ to: '/product', search: saved, replace: true });
  },
  component: ProductsPage,
});

function ProductsPage() {
  const filter = readFilter(ProductFilterSchema, Route.useSearch());
  const onFilter = useFilterChange('/product', PRODUCT_LIST_SLOT);
  return <ProductListPage filter={filter} onFilter={onFilter} />;
}
