import { createFileRoute } from '@tanstack/react-router';
import { ProductListPage } from '@/features/products/components/product-list-page';

// The filter (product-spec.md §3 "Product … filter") lives in the URL; it is read in the page's own chunk.
export const Route = createFileRoute('/_app/product/')({
  staticData: { title: 'Sản phẩm' },
  component: ProductListPage,
});
