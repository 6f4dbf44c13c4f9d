import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/order-groups')({
  staticData: { title: 'Đơn hàng gộp', feature: 'GROUP-ORDER' },
  component: () => <ComingSoon title="Đơn hàng gộp" />,
});
