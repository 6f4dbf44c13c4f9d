import { createFileRoute } from '@tanstack/react-router';
import { useIsMobile } from '@/ui/use-is-mobile';
import { OrderTypeListView } from '@/features/orders/components/order-type-screens';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/order-types')({
  staticData: { title: 'Loại đơn hàng' },
  component: OrderTypesPage,
});

function OrderTypesPage() {
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return <OrderTypeListView companyId={company.id} flags={flags} isMobile={isMobile} />;
}
