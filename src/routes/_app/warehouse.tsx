import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/ui/coming-soon';

export const Route = createFileRoute('/_app/warehouse')({
  staticData: { title: 'Quản lý kho', feature: 'WAREHOUSE' },
  component: () => <ComingSoon title="Quản lý kho" />,
});
