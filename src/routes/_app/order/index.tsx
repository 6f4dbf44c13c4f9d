import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/order/')({
  staticData: { title: 'Đơn hàng', topLevel: true },
  component: () => <ComingSoon title="Đơn hàng" />,
});
