import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/price-policy')({
  staticData: { title: 'Chính sách giá', feature: 'CSG' },
  component: () => <ComingSoon title="Chính sách giá" />,
});
