import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/cart')({
  staticData: { title: 'Giỏ hàng' },
  component: () => <ComingSoon title="Giỏ hàng" />,
});
