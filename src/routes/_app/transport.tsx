import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/transport')({
  staticData: { title: 'Đơn vận chuyển', feature: 'DLO' },
  component: () => <ComingSoon title="Đơn vận chuyển" />,
});
