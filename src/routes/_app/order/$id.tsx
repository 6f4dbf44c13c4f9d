import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { OrderDetailView } from '@/features/orders/components/order-detail-view';
import { OrderStockCard } from '@/features/warehouse/components/online-parts';
import { OrderCollectOffline } from '@/features/receivables/components/order-collect-offline';
import { OrderPaymentsCard } from '@/features/receivables/components/receivable-screens';
import { OrderDeliveryCard } from '@/features/delivery/components/delivery-screens';
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
  const { account, company, flags } = useSession();
  const isMobile = useIsMobile();
  if (!company || !account) return null;
  const receivables = flags.RECEIVABLE === true;
  const collector = { companyId: company.id, accountId: account.id, accountName: account.full_name };
  return (
    <OrderDetailView
      key={id}
      db={appDb()}
      companyId={company.id}
      id={id}
      isMobile={isMobile}
      staffLabel={salesStaffLabel(company.type)}
      groupOrdersOn={flags['GROUP-ORDER'] === true}
      paymentByHand={!receivables}
      asideOnDevice={(order) => receivables && <OrderCollectOffline db={appDb()} collector={collector} order={order} isMobile={isMobile} />}
      aside={(order) => (
        <>
          {flags.DLO === true && <OrderDeliveryCard companyId={company.id} order={order} />}
          {receivables && <OrderPaymentsCard db={appDb()} collector={collector} order={order} isMobile={isMobile} />}
          <OrderStockCard companyId={company.id} order={order} isMobile={isMobile} />
          <OrderInvoiceCard companyId={company.id} order={order} isMobile={isMobile} />
        </>
      )}
    />
  );
}
