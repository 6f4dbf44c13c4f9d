import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/area')({
  staticData: { title: 'Khu vực' },
  component: () => <ComingSoon title="Khu vực" />,
});
