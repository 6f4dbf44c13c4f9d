import { createFileRoute } from '@tanstack/react-router';
import { ProductFormPage } from '@/features/products/components/product-form-page';

// A new product, or with `?id=` an existing one (as /customers/create/?id= in the spec).
export const Route = createFileRoute('/_app/product/create')({
  staticData: { title: 'Thông tin sản phẩm' },
  component: ProductFormPage,
});
