/**
 * "Phiếu thu": every payment with its filters (state, method, collector, days); the cashier
 * confirms what reps handed in and cancels a mistake with its reason; each opens its receipt.
 */
import { Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATE_COLORS,
  PAYMENT_STATE_LABELS,
  PAYMENT_STATES,
  type PaymentRecord,
} from '@contract/receivables';
import { formatDateTime } from '@/lib/dates';
import { useCan } from '@/session/access';
import { AnchorLink } from '@/ui/anchor-link';
import { DialogActions } from '@/ui/dialog-actions';
import { FilterDateRange } from '@/ui/filter-date-range';
import { DataTable } from '@/ui/list-page/data-table';
import { ListPager } from '@/ui/list-pager';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { NoteField } from '@/ui/note-field';
import { ProblemLine } from '@/ui/problem';
import { SearchInput } from '@/ui/search-input';
import { toastedWrite } from '@/ui/toasted-write';
import { usePaymentWrites } from '@/features/receivables/api/receivable-api';
import { usePaymentList } from '@/features/receivables/api/receivable-reports-api';

const failed = (error: unknown) => (error instanceof Error ? error.message : 'Không thực hiện được');

function CancelDialog({ payment, onClose, companyId }: { payment: PaymentRecord; onClose: () => void; companyId: number }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { cancel } = usePaymentWrites(companyId);
  return (
    <Modal opened onClose={onClose} title={`Hủy phiếu thu ${payment.code ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Đóng' }}>
      <Stack gap="sm">
        <Text size="sm">
          {payment.state === 'confirmed'
            ? 'Phiếu đã xác nhận: hủy sẽ ghi lại khoản nợ vào sổ công nợ của khách hàng.'
            : 'Phiếu chưa xác nhận sẽ bị hủy.'}
        </Text>
        <NoteField label="Lý do hủy" withAsterisk value={reason} onChange={setReason} maxLength={500} data-testid="cancel-reason" />
        <ProblemLine problem={problem} />
        <DialogActions
          onCancel={onClose}
          label="Hủy phiếu thu"
          color="red"
          busy={cancel.isPending}
          onConfirm={() =>
            void cancel.mutateAsync({ id: payment.id, reason }).then(
              () => onClose(),
              (error: unknown) => setProblem(failed(error)),
            )
          }
        />
      </Stack>
    </Modal>
  );
}

export function PaymentsTab({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const [filter, setFilter] = useState<{ search?: string; state?: string; method?: string; date_from?: string; date_to?: string }>({
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
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          value={filter.search}
          onSearch={(search) => set({ search: search || undefined })}
          label="Tìm phiếu thu"
          placeholder="Số phiếu, khách hàng, mã giao dịch"
        />
        <Select
          aria-label="Trạng thái"
          placeholder="Mọi trạng thái"
          data={PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_LABELS[value] }))}
          value={filter.state ?? null}
          onChange={(state) => set({ state: state ?? undefined })}
          clearable
          w={170}
          data-testid="payments-state"
        />
        <Select
          aria-label="Hình thức"
          placeholder="Mọi hình thức"
          data={PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }))}
          value={filter.method ?? null}
          onChange={(method) => set({ method: method ?? undefined })}
          clearable
          w={170}
        />
        <FilterDateRange
          value={[filter.date_from, filter.date_to]}
          onChange={([date_from, date_to]) => set({ date_from, date_to })}
          isMobile={isMobile}
        />
      </Group>
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
            columns={[
              {
                key: 'code',
                label: 'Số phiếu',
                cell: (payment) => (
                  <AnchorLink to="/payment/print/$id" params={{ id: payment.id }} size="sm" fw={600}>
                    {payment.code}
                  </AnchorLink>
                ),
                sub: (payment) => formatDateTime(payment.collected_at),
              },
              {
                key: 'customer',
                label: 'Khách hàng',
                cell: (payment) => (
                  <AnchorLink to="/customers/$id" params={{ id: payment.customer_id }} size="sm">
                    {payment.customer_name}
                  </AnchorLink>
                ),
              },
              {
                key: 'order',
                label: 'Đơn hàng',
                cell: (payment) =>
                  payment.order_id && payment.order_code ? (
                    <AnchorLink to="/order/$id" params={{ id: payment.order_id }} size="sm">
                      {payment.order_code}
                    </AnchorLink>
                  ) : (
                    '—'
                  ),
              },
              {
                key: 'amount',
                label: 'Số tiền',
                align: 'right',
                cell: (payment) => <MoneyText value={payment.amount} size="sm" fw={600} />,
              },
              {
                key: 'method',
                label: 'Hình thức',
                cell: (payment) => (
                  <>
                    {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.reference ? <Text size="xs">{payment.reference}</Text> : null}
                  </>
                ),
              },
              { key: 'collector', label: 'Người thu', cell: (payment) => payment.collected_by_name ?? '—' },
              {
                key: 'state',
                label: 'Trạng thái',
                cell: (payment) => (
                  <Badge variant="light" color={PAYMENT_STATE_COLORS[payment.state]}>
                    {PAYMENT_STATE_LABELS[payment.state]}
                  </Badge>
                ),
              },
              {
                key: 'actions',
                cell: (payment) => (
                  <Group gap={4} wrap="nowrap">
                    {canConfirm && payment.state === 'pending' && (
                      <Button
                        size="compact-xs"
                        loading={confirm.isPending && confirm.variables === payment.id}
                        onClick={() => void toastedWrite(async () => (await confirm.mutateAsync(payment.id)).message, failed)}
                        data-testid="payment-confirm"
                      >
                        Xác nhận
                      </Button>
                    )}
                    {canCancel && payment.state !== 'cancelled' && (
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setCancelling(payment)}>
                        Hủy
                      </Button>
                    )}
                  </Group>
                ),
              },
            ]}
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
