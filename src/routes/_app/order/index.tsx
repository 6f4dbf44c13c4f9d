import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute, Link, redirect, stripSearchParams, type SearchSchemaInput } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import { parseOrderFilter, type OrderFilter, type OrderView } from '@/features/orders/api/order-filter-search';
import { CartShortcut } from '@/features/orders/components/cart-shortcut';
import { MyOrdersList } from '@/features/orders/components/my-orders-list';
import { useCan } from '@/session/access';
import { OrderListView } from '@/features/orders/components/order-list-view';
import { FILTER_DEFAULTS, savedFilterToRestore, sectionSlot, useFilterChange } from '@/ui/list-page/url-filter';
import { useSession } from '@/session/session-store';

const ORDER_LIST_SLOT = sectionSlot<OrderFilter>('order', parseOrderFilter);

export const Route = createFileRoute('/_app/order/')({
  staticData: { title: 'Đơn hàng', topLevel: true },
  // Spec §3 "Order filter" in the URL; every field may be left out (page 1, limit 10).
  validateSearch: (search: Partial<OrderFilter> & SearchSchemaInput) => parseOrderFilter(search),
  search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
  // Spec §2 rule 4: back in the order section without a filter in the URL (the list link, the
  // back arrow from an order), the section's saved filter comes back (src/ui/list-page/url-filter.ts).
  beforeLoad: ({ search }) => {
    const saved = savedFilterToRestore(search, ORDER_LIST_SLOT);
    if (saved) throw redirect({ to: '/order', search: saved, replace: true });
  },
  component: OrdersPage,
});

const VIEW_LABELS: Record<OrderView, string> = { mine: 'Của tôi', all: 'Toàn công ty' };

function OrdersPage() {
  const filter = Route.useSearch();
  const go = useFilterChange('/order', ORDER_LIST_SLOT);
  const { company } = useSession();
  const isMobile = useIsMobile();
  const canCreate = useCan('orders', 'create');
  if (!company) return null;
  // Phones are the reps' tool: their own orders first; the office's desk starts with the company's.
  const view: OrderView = filter.view ?? (isMobile ? 'mine' : 'all');
  return (
    <Stack gap="md">
      {/* Wraps on a 360 px phone: the two views, the cart and "Tạo đơn" do not fit in one row there. */}
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          value={view}
          onChange={(next) => go({ ...filter, page: 1, view: next as OrderView })}
          data={(['mine', 'all'] as const).map((value) => ({ value, label: VIEW_LABELS[value] }))}
          data-testid="order-view"
        />
        {canCreate && (
          <Group gap="xs" wrap="nowrap">
            <CartShortcut />
            <Button component={Link} to="/order/create" leftSection={<IconPlus size={18} />} data-testid="order-create">
              {isMobile ? 'Tạo đơn' : 'Tạo đơn hàng'}
            </Button>
          </Group>
        )}
      </Group>
      {view === 'mine' ? (
        <MyOrdersList />
      ) : (
        <OrderListView
          db={appDb()}
          companyId={company.id}
          filter={filter}
          onFilter={go}
          staffLabel={salesStaffLabel(company.type)}
          isMobile={isMobile}
        />
      )}
    </Stack>
  );
}
