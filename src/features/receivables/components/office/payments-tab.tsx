/**
 * "Phiếu thu": every payment with its filters (state, method, collector, days); the cashier
 * confirms what reps handed in and cancels a mistake with its reason; each opens its receipt.
 */
import { Badge, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
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
          <Table.ScrollContainer minWidth={820}>
            <Table striped withTableBorder fz="sm" data-testid="payments-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Số phiếu</Table.Th>
                  <Table.Th>Khách hàng</Table.Th>
                  <Table.Th>Đơn hàng</Table.Th>
                  <Table.Th ta="right">Số tiền</Table.Th>
                  <Table.Th>Hình thức</Table.Th>
                  <Table.Th>Người thu</Table.Th>
                  <Table.Th>Trạng thái</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.rows.map((payment) => (
                  <Table.Tr key={payment.id} data-testid="payments-row">
                    <Table.Td>
                      <AnchorLink to="/payment/print/$id" params={{ id: payment.id }} size="sm" fw={600}>
                        {payment.code}
                      </AnchorLink>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(payment.collected_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <AnchorLink to="/customers/$id" params={{ id: payment.customer_id }} size="sm">
                        {payment.customer_name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      {payment.order_id && payment.order_code ? (
                        <AnchorLink to="/order/$id" params={{ id: payment.order_id }} size="sm">
                          {payment.order_code}
                        </AnchorLink>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      <MoneyText value={payment.amount} size="sm" fw={600} />
                    </Table.Td>
                    <Table.Td>
                      {PAYMENT_METHOD_LABELS[payment.method]}
                      {payment.reference ? <Text size="xs">{payment.reference}</Text> : null}
                    </Table.Td>
                    <Table.Td>{payment.collected_by_name ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={PAYMENT_STATE_COLORS[payment.state]}>
                        {PAYMENT_STATE_LABELS[payment.state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
