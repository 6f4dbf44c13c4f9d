import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/zalo-oa')({
  staticData: { title: 'Zalo OA', feature: 'ZALO' },
  component: () => <ComingSoon title="Zalo OA" />,
});
