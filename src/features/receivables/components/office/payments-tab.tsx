/**
 * "Phiếu thu": every payment with its filters (state, method, collector, days); the cashier
 * confirms what reps handed in and cancels a mistake with its reason; each opens its receipt.
 */
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PaymentRecord } from '@contract/receivables';
import { useCan } from '@/session/access';
import { DataTable } from '@/ui/list-page/data-table';
import { ListPager } from '@/ui/list-pager';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { usePaymentWrites } from '@/features/receivables/api/receivable-api';
import { usePaymentList } from '@/features/receivables/api/receivable-reports-api';
import { CancelDialog } from './payment-cancel-dialog';
import { paymentColumns } from './payment-columns';
import { PaymentFilters, type PaymentFilter } from './payment-filters';

export function PaymentsTab({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const [filter, setFilter] = useState<PaymentFilter>({
    state: 'pending',
  });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [cancelling, setCancelling] = useState<PaymentRecord | null>(null);
  const list = usePaymentList(companyId, { ...filter, page, limit });
  const { confirm } = usePaymentWrites(companyId);
  const canConfirm = useCan('receivables', 'approve');
  const canCancel = useCan('receivables', 'delete');
  const set = (patch: Partial<typeof filter>) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return (
    <Stack gap="sm">
      <PaymentFilters filter={filter} set={set} isMobile={isMobile} />
      {!list.data ? (
        <LoadingBlock />
      ) : (
        <>
          <Text size="sm">
            Tổng tiền: <MoneyText value={list.data.total} fw={700} />
          </Text>
          <DataTable
            minWidth={820}
            testId="payments-rows"
            rowTestId="payments-row"
            rows={list.data.rows}
            rowKey={(payment) => payment.id}
            hover={false}
            columns={paymentColumns({ confirm, canConfirm, canCancel, setCancelling })}
          />
          <ListPager
            page={page}
            limit={limit}
            count={list.data.count}
            noun="phiếu thu"
            onPage={setPage}
            onLimit={(next) => (setLimit(next), setPage(1))}
            compact={isMobile}
          />
        </>
      )}
      {cancelling && <CancelDialog payment={cancelling} companyId={companyId} onClose={() => setCancelling(null)} />}
    </Stack>
  );
}
