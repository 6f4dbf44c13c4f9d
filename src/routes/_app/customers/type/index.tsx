import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/type/')({
  staticData: { title: 'Nhóm khách hàng' },
  component: () => <ComingSoon title="Nhóm khách hàng" />,
});
