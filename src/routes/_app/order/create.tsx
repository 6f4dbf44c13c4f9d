import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/order/create')({
  staticData: { title: 'Tạo đơn hàng' },
  component: () => <ComingSoon title="Tạo đơn hàng" />,
});
