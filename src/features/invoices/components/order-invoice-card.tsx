/**
 * The invoice of an order on its page (office/order-invoice-part.tsx), for a completed order of a
 * company with VAT on, to who may see invoices; fetched when first shown, as it needs the server.
 */
import type { OrderRecord } from '@contract/orders';
import { useCan } from '@/session/access';
import { useSession } from '@/session/session-store';
import { loadedWhenShown } from '@/ui/online-screen';

const OrderInvoicePart = loadedWhenShown(
  () => import('./office/invoice-office-screens').then((module) => module.OrderInvoicePart),
  () => null,
);

export function OrderInvoiceCard(props: { companyId: number; order: OrderRecord; isMobile: boolean }) {
  const canView = useCan('invoices', 'view');
  const { flags } = useSession();
  if (!canView || flags.VAT !== true || props.order.status !== 'completed') return null;
  return <OrderInvoicePart {...props} />;
}
