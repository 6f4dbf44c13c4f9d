/**
 * A lot's detail (GET shipments/{id}/): its dates, status and quantity, the status moves the role
 * may make (PUT shipments/{id}/status/: hold in quarantine, release, recall — a reason for the
 * last two and for quarantine), and, for a recall, who received the lot (every export of it).
 */
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SideDrawer } from '@/ui/side-drawer';
import { useState } from 'react';
import { LOT_TRANSITIONS, type LotStatus } from '@contract/warehouse-status';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { toast } from '@/ui/toast';
import { useLot, useLotWrites } from '@/features/warehouse/api/stock-api';
import { errorMessage } from '@/features/warehouse/api/warehouse-api';
import { NoteField } from '@/ui/note-field';
import { DataTable } from '@/ui/list-page/data-table';
import { ExpiryText, LotStatusBadge } from './badges';
import { lineName } from '@/lib/line-name';

type Props = { companyId: number; id: number | null; onClose: () => void };

const MOVE_LABEL: Record<LotStatus, string> = { usable: 'Cho bán lại', quarantine: 'Biệt trữ', recalled: 'Thu hồi lô' };

export function LotDetailDrawer({ companyId, id, onClose }: Props) {
  const lot = useLot(companyId, id);
  const writes = useLotWrites(companyId);
  const canApprove = useCan('warehouse', 'approve');
  const [moving, setMoving] = useState<LotStatus | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const data = lot.data;

  const move = async (status: LotStatus) => {
    setBusy(true);
    try {
      toast.success((await writes.setStatus(data!.id, status, reason.trim() || null)).message ?? 'Đã đổi trạng thái lô');
      setMoving(null);
      setReason('');
    } catch (error) {
      toast.error(errorMessage(error, 'Không đổi được trạng thái lô'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SideDrawer opened={id !== null} onClose={onClose} width="lg" title={data ? `Lô ${data.lot_no}` : 'Lô hàng'}>
      {lot.isPending ? (
        <Loader />
      ) : !data ? (
        <Alert color="red">{lot.error?.message ?? 'Không tìm thấy lô hàng'}</Alert>
      ) : (
        <Stack gap="md" data-testid="lot-detail" data-lot-no={data.lot_no} data-status={data.status}>
          <Stack gap={4}>
            <Text fw={600}>{lineName(data)}</Text>
            <Text size="sm" c="dimmed">
              {data.sku} · Sản xuất {formatDate(data.manufactured_on) || '—'}
            </Text>
            <Group gap="sm">
              <Text size="sm">Hạn dùng:</Text>
              <ExpiryText expiresOn={data.expires_on} />
            </Group>
            <Group gap="sm">
              <LotStatusBadge status={data.status} />
              <Text size="sm">
                Tồn {formatNumber(data.quantity)} {data.base_unit}
              </Text>
            </Group>
            {data.status_reason && <Text size="sm">Lý do: {data.status_reason}</Text>}
          </Stack>
          {canApprove && LOT_TRANSITIONS[data.status].length > 0 && (
            <Stack gap="xs">
              <Group gap="xs">
                {LOT_TRANSITIONS[data.status].map((status) => (
                  <Button
                    key={status}
                    size="compact-md"
                    variant={moving === status ? 'filled' : 'light'}
                    color={status === 'recalled' ? 'red' : status === 'quarantine' ? 'orange' : 'teal'}
                    onClick={() => (status === 'usable' ? void move(status) : setMoving(status))}
                    loading={busy && (moving === status || status === 'usable')}
                    data-testid={`lot-move-${status}`}
                  >
                    {MOVE_LABEL[status]}
                  </Button>
                ))}
              </Group>
              {moving && (
                <>
                  <NoteField label="Lý do" value={reason} onChange={setReason} maxLength={500} withAsterisk data-testid="lot-move-reason" />
                  <Group justify="flex-end">
                    <Button variant="default" onClick={() => setMoving(null)}>
                      Đóng lại
                    </Button>
                    <Button
                      color="red"
                      disabled={!reason.trim()}
                      loading={busy}
                      onClick={() => void move(moving)}
                      data-testid="lot-move-confirm"
                    >
                      {MOVE_LABEL[moving]}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          )}
          {canApprove && (
            // A recall campaign (docs/pharma.md "Recall campaigns") lives on /recall: the lot travels in the URL, no feature imports another.
            <Group>
              <Button
                component={Link}
                to="/recall"
                search={{ lot: data.id } as never}
                color="red"
                variant="outline"
                data-testid="lot-open-recall"
              >
                Mở đợt thu hồi
              </Button>
            </Group>
          )}
          <Stack gap="xs">
            <Text fw={600}>Đã giao cho ({data.recipients.length})</Text>
            {data.recipients.length === 0 ? (
              <Text size="sm" c="dimmed">
                Lô này chưa được xuất cho ai.
              </Text>
            ) : (
              <DataTable
                minWidth={480}
                testId="lot-recipients"
                rowTestId="lot-recipient"
                rows={data.recipients}
                rowKey={(recipient) => `${recipient.receipt_id}-${recipient.order_id ?? ''}`}
                verticalSpacing={4}
                hover={false}
                columns={[
                  {
                    key: 'document',
                    label: 'Phiếu / đơn',
                    cell: (recipient) => recipient.order_code ?? recipient.receipt_code,
                    sub: (recipient) => formatDate(recipient.document_date),
                  },
                  {
                    key: 'recipient',
                    label: 'Người nhận',
                    cell: (recipient) => recipient.customer_name ?? recipient.partner_name ?? '—',
                    sub: (recipient) => recipient.customer_phone,
                  },
                  {
                    key: 'quantity',
                    label: 'Số lượng',
                    align: 'right',
                    nowrap: true,
                    cell: (recipient) => `${formatNumber(recipient.quantity)} ${data.base_unit}`,
                  },
                ]}
              />
            )}
          </Stack>
        </Stack>
      )}
    </SideDrawer>
  );
}
