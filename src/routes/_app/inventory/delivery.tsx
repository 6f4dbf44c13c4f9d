import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/inventory/delivery')({
  staticData: { title: 'Phiếu xuất kho' },
  component: () => <ComingSoon title="Phiếu xuất kho" />,
});
