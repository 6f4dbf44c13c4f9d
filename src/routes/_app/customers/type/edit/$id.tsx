import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/type/edit/$id')({
  staticData: { title: 'Sửa nhóm khách hàng' },
  component: () => <ComingSoon title="Sửa nhóm khách hàng" />,
});
