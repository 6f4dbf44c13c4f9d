import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/kpi-area')({
  staticData: { title: 'KPI khu vực' },
  component: () => <ComingSoon title="KPI khu vực" />,
});
