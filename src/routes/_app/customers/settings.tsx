import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/settings')({
  staticData: { title: 'Cấu hình cấp độ khách hàng' },
  component: () => <ComingSoon title="Cấu hình cấp độ khách hàng" />,
});
