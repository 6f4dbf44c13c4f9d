import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/$id')({
  staticData: { title: 'Chi tiết khách hàng' },
  component: () => <ComingSoon title="Chi tiết khách hàng" />,
});
