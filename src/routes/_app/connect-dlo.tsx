import { createFileRoute } from '@tanstack/react-router';
import { ConnectDloView } from '@/features/delivery/components/delivery-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

export const Route = createFileRoute('/_app/connect-dlo')({
  staticData: { title: 'Kết nối giao vận', feature: 'DLO' },
  component: ConnectDloPage,
});

function ConnectDloPage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <ConnectDloView companyId={company.id} isMobile={isMobile} />;
}
