/**
 * "Công nợ" on a customer's page: what they owe, their limits and what is overdue, from the server
 * when it answers and from the device's mirror when it does not (a rep at the pharmacy offline);
 * "Thu tiền" records a collection on the device; the cashier records a confirmed payment; the
 * office prints the debt-confirmation statement.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconFileText } from '@tabler/icons-react';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import { DEFAULT_AGING_BOUNDS, ageItems } from '@contract/receivables-ledger';
import { receivablePaths } from '@contract/receivables';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { AnchorLink } from '@/ui/anchor-link';
import { useCustomerReceivable } from '../api/receivable-api';
import { useDeviceReceivable, useUnconfirmedCollections } from '../api/receivable-device';
import type { CollectCustomer, Collector } from '../model/collect-payment';
import { CollectPaymentDialog } from './collect-payment-dialog';
import { LimitDialog } from './receivable-screens';
import { AgingTable, ReceivableFigures } from './receivable-figures';

type Props = { db: AppDb; collector: Collector; customer: CollectCustomer; isMobile: boolean };

export function ReceivableCard({ db, collector, customer, isMobile }: Props) {
  const online = useSyncStatus((sync) => sync.online);
  const canView = useCan('receivables', 'view');
  const canCollect = useCan('receivables', 'create');
  const canConfirm = useCan('receivables', 'approve');
  const canEdit = useCan('receivables', 'edit');
  const server = useCustomerReceivable(collector.companyId, customer.id, online && canView);
  const device = useDeviceReceivable(db, customer.id);
  const unsent = useUnconfirmedCollections(db, collector.companyId, customer.id);
  const [dialog, setDialog] = useState<'collect' | 'record' | 'limit' | null>(null);
  if (!canView) return null;
  const record = server.data ?? device ?? null;
  const bounds = server.data?.aging_bounds ?? DEFAULT_AGING_BOUNDS;
  const aging = server.data?.aging ?? ageItems(record?.open_items ?? [], vietnamDay(), bounds);
  // Collections made here and not yet on the server are not in its figures.
  const pendingHere = (unsent ?? []).filter((payment) => payment.syncState === 'pending').reduce((sum, payment) => sum + payment.amount, 0);
  const empty = { ...EMPTY, id: customer.id, company: collector.companyId, customer_code: customer.code, customer_name: customer.name };
  return (
    <Card withBorder radius="md" padding={isMobile ? 'sm' : 'md'} data-testid="receivable-card">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4}>Công nợ</Title>
          {!server.data && record && (
            <Text size="xs" c="dimmed">
              Số liệu lần đồng bộ gần nhất
            </Text>
          )}
        </Group>
        <ReceivableFigures record={record ?? empty} aging={aging} pendingHere={pendingHere} />
        {server.data && aging.total > 0 && <AgingTable aging={aging} bounds={bounds} />}
        <Group gap="xs">
          {canCollect && (
            <Button leftSection={<IconCash size={16} />} onClick={() => setDialog('collect')} data-testid="collect-open">
              Thu tiền
            </Button>
          )}
          {canConfirm && online && (
            <Button variant="light" onClick={() => setDialog('record')} data-testid="record-open">
              Ghi nhận thanh toán
            </Button>
          )}
          {canEdit && online && (
            <Button variant="default" onClick={() => setDialog('limit')} data-testid="limit-open">
              Hạn mức
            </Button>
          )}
          {online && (
            <AnchorLink to="/receivables/statement/$id" params={{ id: customer.id }} size="sm" data-testid="statement-open">
              <Group gap={4} wrap="nowrap">
                <IconFileText size={16} />
                Đối chiếu công nợ
              </Group>
            </AnchorLink>
          )}
        </Group>
      </Stack>
      {dialog === 'limit' && (
        <LimitDialog
          companyId={collector.companyId}
          title={`Hạn mức công nợ của ${customer.name}`}
          path={receivablePaths.creditLimit(customer.id)}
          current={{ credit_limit: record?.credit_limit ?? null, credit_days: record?.credit_days ?? null }}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog === 'collect' || dialog === 'record') && (
        <CollectPaymentDialog
          db={db}
          collector={collector}
          customer={customer}
          suggested={Math.max(0, record?.balance ?? 0)}
          record={dialog === 'record'}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

const EMPTY = {
  balance: 0,
  open_orders: 0,
  pending_collections: 0,
  exposure: 0,
  open_items: [],
  credit_limit: null,
  credit_days: null,
  policy: 'warn' as const,
  updated_at: '',
};
