import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/inventory/')({
  staticData: { title: 'Tồn kho' },
  component: () => <ComingSoon title="Tồn kho" />,
});
