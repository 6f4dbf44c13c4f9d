import { createFileRoute, useNavigate, useRouter, type SearchSchemaInput } from '@tanstack/react-router';
import { appDb } from '@/db/app-db';
import { parsePrintFormat, type PrintFormat } from '@/features/orders/components/order-print-format';
import { OrderPrintView } from '@/features/orders/components/order-print-view';
import { QueryLayer } from '@/app/query-layer';
import { VietQr } from '@/features/receivables/components/receivable-screens';
import { useSession } from '@/session/session-store';

type PrintSearch = { format: PrintFormat };

/**
 * /order/print/{id}?format=a4|a5|receipt80: outside the app layout, so neither header nor navbar
 * reaches the paper. The root route's guard still applies (signed in, with a workspace).
 */
export const Route = createFileRoute('/order/print/$id')({
  validateSearch: (search: Partial<PrintSearch> & SearchSchemaInput): PrintSearch => ({ format: parsePrintFormat(search.format) }),
  component: OrderPrintPage,
});

function OrderPrintPage() {
  const { id } = Route.useParams();
  const { format } = Route.useSearch();
  const { company, flags } = useSession();
  const navigate = useNavigate({ from: Route.fullPath });
  const router = useRouter();
  if (!company) return null;
  return (
    <QueryLayer>
      <OrderPrintView
        db={appDb()}
        companyId={company.id}
        companyTitle={company.title}
        id={id}
        format={format}
        onFormat={(next) => void navigate({ search: { format: next }, replace: true })}
        extra={(order) =>
          flags.RECEIVABLE === true &&
          order.code &&
          order.payment_status !== 'paid' &&
          !['cancelled', 'rejected'].includes(order.status) ? (
            <VietQr
              companyId={company.id}
              amount={order.total}
              purpose={`${order.code} thanh toan`}
              size={format === 'receipt80' ? 120 : 110}
            />
          ) : null
        }
        onBack={() => {
          if (router.history.length > 1) router.history.back();
          else void navigate({ to: '/order/$id', params: { id }, search: { type: 'detail' } });
        }}
      />
    </QueryLayer>
  );
}
