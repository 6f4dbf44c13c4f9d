import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/role')({
  staticData: { title: 'Phân quyền' },
  component: () => <ComingSoon title="Phân quyền" />,
});
