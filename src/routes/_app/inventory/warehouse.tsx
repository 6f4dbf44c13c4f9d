import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/inventory/warehouse')({
  staticData: { title: 'Phiếu nhập kho' },
  component: () => <ComingSoon title="Phiếu nhập kho" />,
});
