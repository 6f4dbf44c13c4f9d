import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/product/')({
  staticData: { title: 'Sản phẩm' },
  component: () => <ComingSoon title="Sản phẩm" />,
});
