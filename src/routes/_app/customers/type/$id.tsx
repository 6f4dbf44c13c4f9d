import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/type/$id')({
  staticData: { title: 'Chi tiết nhóm khách hàng' },
  component: () => <ComingSoon title="Chi tiết nhóm khách hàng" />,
});
