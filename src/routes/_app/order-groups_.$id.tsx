import { createFileRoute } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { OrderGroupDetailView } from '@/features/orders/components/order-group-detail-view';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/order-groups_/$id')({
  staticData: { title: 'Nhóm đơn giao', feature: 'GROUP-ORDER' },
  component: OrderGroupPage,
});

function OrderGroupPage() {
  const { id } = Route.useParams();
  const { company } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  const groupId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  return <OrderGroupDetailView key={groupId} companyId={company.id} id={groupId} isMobile={isMobile} />;
}
