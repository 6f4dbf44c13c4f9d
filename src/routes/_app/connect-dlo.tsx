import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/connect-dlo')({
  staticData: { title: 'Kết nối giao vận', feature: 'DLO' },
  component: () => <ComingSoon title="Kết nối giao vận" />,
});
