import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/create')({
  staticData: { title: 'Thêm khách hàng' },
  component: () => <ComingSoon title="Thêm khách hàng" />,
});
