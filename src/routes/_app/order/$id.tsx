import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { OrderDetailView } from '@/features/orders/components/order-detail-view';
import { OrderStockCard } from '@/features/warehouse/components/online-parts';
import { OrderInvoiceCard } from '@/features/invoices/components/order-invoice-card';
import { useSession } from '@/session/session-store';

type DetailSearch = { type?: 'detail' };

export const Route = createFileRoute('/_app/order/$id')({
  staticData: { title: 'Chi tiết đơn hàng' },
  // Opened from the list with ?type=detail: the mobile back arrow goes to /order (product-spec.md §2).
  validateSearch: (search: DetailSearch & SearchSchemaInput): DetailSearch => (search.type === 'detail' ? { type: 'detail' } : {}),
  component: OrderPage,
});

function OrderPage() {
  const { id } = Route.useParams();
  const { company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company) return null;
  return (
    <OrderDetailView
      key={id}
      db={appDb()}
      companyId={company.id}
      id={id}
      isMobile={isMobile}
      staffLabel={salesStaffLabel(company.type)}
      groupOrdersOn={flags['GROUP-ORDER'] === true}
      aside={(order) => (
        <>
          <OrderStockCard companyId={company.id} order={order} isMobile={isMobile} />
          <OrderInvoiceCard companyId={company.id} order={order} isMobile={isMobile} />
        </>
      )}
    />
  );
}
