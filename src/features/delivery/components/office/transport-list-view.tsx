/**
 * /transport: the company's delivery orders on the list-page kit, with the spec's filter in the URL
 * (model/transport-filter.ts): search (codes, receiver), status tabs counted by orderdlo/counts/,
 * the date range, the carrier, the print status and the COD reconciliation's state. Rows can be
 * checked and their labels printed at once; a row opens its detail in a drawer. The list needs the
 * server (no device copy).
 */
import { Button } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { LabelSize } from '@contract/delivery';
import { useCan } from '@/session/access';
import { ListPage } from '@/ui/list-page/list-page';
import { OfflineNotice } from '@/ui/list-page/offline-notice';
import { toastedWrite } from '@/ui/toasted-write';
import {
  deliveryError,
  isOffline,
  openPrintJobs,
  useDeliveryCounts,
  useDeliveryList,
  useDeliveryWrites,
} from '@/features/delivery/api/delivery-api';
import {
  activeTransportFilterCount,
  applyTransportFilterChange,
  compactTransportFilter,
  parseTransportFilter,
  TRANSPORT_PAGE_SIZES,
  type TransportFilter,
} from '@/features/delivery/model/transport-filter';
import { DeliveryDrawer } from './delivery-detail';
import { TransportBulkBar } from './transport-bulk-bar';
import { TransportFilters } from './transport-filters';
import { transportRows } from './transport-rows';

type Props = { companyId: number; isMobile: boolean };

export function TransportListView({ companyId, isMobile }: Props) {
  const search = useLocation().search as Record<string, unknown>;
  const navigate = useNavigate();
  const router = useRouter();
  const filter = useMemo(() => parseTransportFilter(search), [search]);
  const setFilter = (next: TransportFilter) =>
    void navigate({ to: '/transport', search: compactTransportFilter(next) as never, replace: true });
  const list = useDeliveryList(companyId, filter);
  const counts = useDeliveryCounts(companyId, filter);
  const writes = useDeliveryWrites(companyId);
  const canEdit = useCan('orders', 'edit');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [size, setSize] = useState<LabelSize>('a5');
  const [open, setOpen] = useState<string | null>(null);
  const rowsShown = list.data?.rows ?? [];
  const offline = isOffline(list.error);
  const filtered = Boolean(filter.search) || filter.statusOrderDLO !== undefined || activeTransportFilterCount(filter) > 0;
  const change = (patch: Partial<TransportFilter>) => setFilter(applyTransportFilterChange(filter, patch));

  const rows = transportRows({ canEdit, rowsShown, selected, setSelected, setOpen });

  const printSelected = () =>
    void toastedWrite(
      async () => {
        const answer = await writes.print([...selected], size);
        await openPrintJobs(answer.data, (url) => router.history.push(url));
        setSelected(new Set());
        return answer.message ?? 'Đã mở nhãn để in';
      },
      (error) => deliveryError(error, 'Không in được nhãn'),
    );

  return (
    <>
      <ListPage
        screen={{ filter, onFilter: setFilter, isMobile }}
        apply={applyTransportFilterChange}
        search={{ label: 'Tìm đơn vận chuyển', placeholder: 'Mã vận đơn, mã đơn hàng, người nhận…', testId: 'transport-search' }}
        actions={
          <Button
            component={Link}
            to="/connect-dlo"
            variant="default"
            leftSection={<IconPlugConnected size={18} />}
            data-testid="transport-connect"
          >
            {isMobile ? 'Kết nối' : 'Kết nối giao vận'}
          </Button>
        }
        nowrap
        header={
          <>
            <TransportFilters filter={filter} counts={counts} change={change} isMobile={isMobile} />
            {selected.size > 0 && (
              <TransportBulkBar
                count={selected.size}
                size={size}
                setSize={setSize}
                print={printSelected}
                clear={() => setSelected(new Set())}
              />
            )}
          </>
        }
        query={list}
        error={
          offline && (
            <OfflineNotice testId="transport-offline">
              Không có kết nối mạng: đơn vận chuyển cần máy chủ. Vui lòng thử lại khi có mạng.
            </OfflineNotice>
          )
        }
        empty={{
          title: filtered ? 'Không có đơn vận chuyển phù hợp' : 'Chưa có đơn vận chuyển nào',
          description: filtered
            ? 'Thử đổi từ khóa, trạng thái hoặc bộ lọc.'
            : 'Mở một đơn hàng đã xác nhận và chọn "Tạo đơn vận chuyển" để so sánh phí và đặt giao.',
        }}
        rows={rows}
        pager={{ noun: 'đơn vận chuyển', sizes: TRANSPORT_PAGE_SIZES, testId: 'transport-pager', countTestId: 'transport-count' }}
      />
      <DeliveryDrawer companyId={companyId} id={open} onClose={() => setOpen(null)} onNavigate={(url) => router.history.push(url)} />
    </>
  );
}
