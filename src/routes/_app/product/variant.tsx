import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/product/variant')({
  staticData: { title: 'Biến thể sản phẩm' },
  component: () => <ComingSoon title="Biến thể sản phẩm" />,
});
