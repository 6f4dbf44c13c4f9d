import { createFileRoute } from '@tanstack/react-router';
import { VariantListPage } from '@/features/products/components/product-list-page';

export const Route = createFileRoute('/_app/product/variant')({
  staticData: { title: 'Biến thể sản phẩm' },
  component: VariantListPage,
});
