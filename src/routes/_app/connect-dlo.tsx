import { createFileRoute } from '@tanstack/react-router';
import { ConnectDloView } from '@/features/delivery/components/delivery-screens';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/connect-dlo')({
  staticData: { title: 'Kết nối giao vận', feature: 'DLO' },
  component: ConnectDloPage,
});

function ConnectDloPage() {
  const { company } = useSession();
  if (!company) return null;
  return <ConnectDloView companyId={company.id} />;
}
