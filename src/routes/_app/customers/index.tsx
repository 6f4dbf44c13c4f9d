import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/coming-soon';

export const Route = createFileRoute('/_app/customers/')({
  staticData: { title: 'Khách hàng', topLevel: true },
  component: () => <ComingSoon title="Khách hàng" />,
});
