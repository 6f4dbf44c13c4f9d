import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/coming-soon';

export const Route = createFileRoute('/_app/employees')({
  staticData: { title: 'Nhân viên văn phòng', topLevel: true },
  component: () => <ComingSoon title="Nhân viên văn phòng" />,
});
