/**
 * /order/create: taking an order (works the same offline). While an order is half made the URL
 * carries type=confirm (the mobile back arrow asks the spec's question) and leaving in the app asks
 * the same; the order itself is never lost, it is the cart saved on the device (so a reload is not
 * guarded).
 */
import { createFileRoute, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { discountLimitOf } from '@contract/orders-discount';
import { LEAVE_CONFIRMATION } from '@/app/layout/back-navigation';
import { appDb, type LocalOrder } from '@/db/app-db';
import { OrderCreateView, SAVED_OFFLINE, SENT_ONLINE } from '@/features/orders/components/order-create-view';
import { useLeaveGuard } from '@/ui/use-leave-guard';
import { useOpenVisit } from '@/features/visits/api/visits-device';
import { CartCreditNotice } from '@/features/receivables/components/cart-credit-notice';
import { useSession } from '@/session/session-store';
import { useMemberAccess } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { toast } from '@/ui/toast';

type CreateSearch = { type?: 'confirm' };

export const Route = createFileRoute('/_app/order/create')({
  staticData: { title: 'Tạo đơn hàng' },
  validateSearch: (search: Partial<CreateSearch> & SearchSchemaInput): CreateSearch => ({
    type: search.type === 'confirm' ? 'confirm' : undefined,
  }),
  component: OrderCreatePage,
});

function OrderCreatePage() {
  const { account, company, flags } = useSession();
  const navigate = useNavigate();
  const online = useSyncStatus((sync) => sync.online);
  // The role's maximum discount as last fetched (kept for offline, src/session/access.ts).
  const access = useMemberAccess();
  const [dirty, setDirty] = useState(false);
  const { release } = useLeaveGuard(dirty, LEAVE_CONFIRMATION, { beforeUnload: false });
  const db = appDb();
  const companyId = company?.id ?? 0;
  const accountId = account?.id ?? 0;

  const visit = useOpenVisit(db, companyId, accountId);
  const visitId = visit?.id ?? null;
  const visitCustomerId = visit?.customer_id ?? null;
  const visitCustomerName = visit?.customer_name ?? null;
  const visitHint = useMemo(
    () => (visitId && visitCustomerId ? { id: visitId, customerId: visitCustomerId, customerName: visitCustomerName ?? '' } : null),
    [visitId, visitCustomerId, visitCustomerName],
  );

  const onSubmitted = useCallback(
    (order: LocalOrder) => {
      release();
      const reachable = online && (typeof navigator === 'undefined' || navigator.onLine);
      toast.success(reachable ? SENT_ONLINE : SAVED_OFFLINE);
      void navigate({ to: '/order/$id', params: { id: order.id }, search: { type: 'detail' }, replace: true });
    },
    [release, online, navigate],
  );

  if (!account || !company) return null;
  return (
    <OrderCreateView
      key={`${companyId}:${accountId}`}
      db={db}
      seller={{ companyId, accountId, accountName: account.full_name }}
      flags={flags}
      visit={visitHint}
      onDirtyChange={setDirty}
      onSubmitted={onSubmitted}
      discountLimit={discountLimitOf(access)}
      creditCheck={
        flags.RECEIVABLE === true
          ? (input) => <CartCreditNotice db={db} companyId={companyId} accountId={accountId} accountName={account.full_name} {...input} />
          : undefined
      }
    />
  );
}
