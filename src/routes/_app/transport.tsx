import { createFileRoute } from '@tanstack/react-router';
import { TransportListView } from '@/features/delivery/components/delivery-screens';
import { useSession } from '@/session/session-store';
import { useIsMobile } from '@/ui/use-is-mobile';

// The filter (product-spec.md §3 "Delivery order filter") lives in the URL; it is read in the screen's own chunk.
export const Route = createFileRoute('/_app/transport')({
  staticData: { title: 'Đơn vận chuyển', feature: 'DLO' },
  component: TransportPage,
});

function TransportPage() {
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <TransportListView companyId={company.id} isMobile={isMobile} />;
}
