import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/promotion')({
  staticData: { title: 'Khuyến mại' },
  component: () => <ComingSoon title="Khuyến mại" />,
});
