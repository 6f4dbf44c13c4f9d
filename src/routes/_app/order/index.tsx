import { Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createFileRoute, Link, redirect, stripSearchParams, useNavigate, type SearchSchemaInput } from '@tanstack/react-router';
import { salesStaffLabel } from '@contract/company';
import { useIsMobile } from '@/ui/use-is-mobile';
import { appDb } from '@/db/app-db';
import {
  compactOrderFilter,
  isBlankSearch,
  parseOrderFilter,
  type OrderFilter,
  type OrderView,
} from '@/features/orders/api/order-filter-search';
import { CartShortcut } from '@/features/orders/components/cart-shortcut';
import { MyOrdersList } from '@/features/orders/components/my-orders-list';
import { useCan } from '@/session/access';
import { OrderListView } from '@/features/orders/components/order-list-view';
import { readSavedFilter, saveFilter } from '@/session/saved-filters';
import { useSession } from '@/session/session-store';

export const Route = createFileRoute('/_app/order/')({
  staticData: { title: 'Đơn hàng', topLevel: true },
  // Spec §3 "Order filter" in the URL; every field may be left out (page 1, limit 10).
  validateSearch: (search: Partial<OrderFilter> & SearchSchemaInput) => parseOrderFilter(search),
  search: { middlewares: [stripSearchParams({ page: 1, limit: 10 })] },
  // Spec §2 rule 4: back in the order section without a filter in the URL (the list link, the
  // back arrow from an order), the section's saved filter comes back.
  beforeLoad: ({ search }) => {
    if (!isBlankSearch(compactOrderFilter(search))) return;
    const saved = readSavedFilter<Partial<OrderFilter>>('order');
    if (saved && !isBlankSearch(saved)) throw redirect({ to: '/order', search: parseOrderFilter(saved), replace: true });
  },
  component: OrdersPage,
});

const VIEW_LABELS: Record<OrderView, string> = { mine: 'Của tôi', all: 'Toàn công ty' };

function OrdersPage() {
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { company } = useSession();
  const isMobile = useIsMobile();
  const canCreate = useCan('orders', 'create');
  if (!company) return null;
  // Phones are the reps' tool: their own orders first; the office's desk starts with the company's.
  const view: OrderView = filter.view ?? (isMobile ? 'mine' : 'all');
  const go = (next: OrderFilter) => {
    const compact = compactOrderFilter(next);
    // Saved before navigating, so the restore above never sees an older filter.
    saveFilter('order', compact);
    void navigate({ search: next, replace: true });
  };
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
