/**
 * The bar shown while orders are selected: "Chuyển trạng thái" offers only statuses some selected
 * order may move to (the transition table) and the member's role allows, asks for a reason when the move needs one, sends one
 * bulk call and shows its answer order by order.
 */
import { Affix, Button, Group, Menu, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { BulkStatusResult } from '@contract/orders';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract/orders-status';
import { useOrderWrites } from '../api/order-writes';
import { orderLabel, type Selection } from './order-list-table';
import { BulkResultDialog, type BulkOrderLabel } from './order-status-bulk-result';
import { OrderStatusDialog } from './order-status-dialog';
import { bulkTargets, mayMove, type OrderRights } from './order-status-rules';

type Props = {
  companyId: number;
  selected: Selection;
  onClear: () => void;
  isMobile: boolean;
  rights: OrderRights;
};

type Finished = { target: OrderStatus; results: BulkStatusResult[]; message: string; labels: Map<string, BulkOrderLabel> };

export function OrderBulkBar({ companyId, selected, onClear, isMobile, rights }: Props) {
  const { bulk } = useOrderWrites(companyId);
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const [finished, setFinished] = useState<Finished | null>(null);
  const orders = [...selected.values()];
  const targets = bulkTargets(orders.map((order) => order.status)).filter((candidate) => mayMove(rights, candidate.status));
  const movable = target ? (targets.find((candidate) => candidate.status === target)?.movable ?? 0) : 0;
  // Confirming in bulk approves the discounts waiting among them: said, never done silently.
  const approving =
    target === 'confirmed' ? orders.filter((order) => order.status === 'pending' && order.discount_approval?.state === 'needed').length : 0;

  const run = (reason: string | null) => {
    if (!target) return;
    const labels = new Map(orders.map((order) => [order.id, { code: orderLabel(order), customer: order.customer_name }]));
    bulk.mutate(
      { ids: orders.map((order) => order.id), status: target, reason },
      {
        onSuccess: (answer) => {
          setFinished({ target, results: answer.data, message: answer.message, labels });
          setTarget(null);
          onClear();
        },
      },
    );
  };

  const bar = (
    <Paper withBorder shadow="md" radius="md" p="xs" px="sm" data-testid="order-bulk-bar">
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="order-bulk-count">
          Đã chọn {selected.size} đơn
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Menu position="top-end" withinPortal shadow="md">
            <Menu.Target>
              <Button size="sm" rightSection={<IconChevronDown size={16} />} disabled={targets.length === 0} data-testid="order-bulk-move">
                Chuyển trạng thái
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {targets.map((candidate) => (
                <Menu.Item
                  key={candidate.status}
                  onClick={() => {
                    bulk.reset();
                    setTarget(candidate.status);
                  }}
                  rightSection={
                    candidate.movable < candidate.total ? (
                      <Text size="xs" c="dimmed">
                        {candidate.movable}/{candidate.total} đơn
                      </Text>
                    ) : null
                  }
                  data-testid={`order-bulk-target-${candidate.status}`}
                >
                  {ORDER_STATUS_LABELS[candidate.status]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button
            size="sm"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={16} />}
            onClick={onClear}
            data-testid="order-bulk-clear"
          >
            {isMobile ? 'Bỏ' : 'Bỏ chọn'}
          </Button>
        </Group>
      </Group>
    </Paper>
  );

  return (
    <>
      {selected.size > 0 &&
        (isMobile ? (
          <Affix position={{ bottom: 72, left: 8, right: 8 }} zIndex={150}>
            {bar}
          </Affix>
        ) : (
          <Affix position={{ bottom: 20, left: '50%' }} zIndex={150} style={{ transform: 'translateX(-50%)', minWidth: 480 }}>
            {bar}
          </Affix>
        ))}
      <OrderStatusDialog
        target={target}
        description={
          movable === selected.size ? (
            <b>{selected.size} đơn đã chọn</b>
          ) : (
            <>
              <b>
                {movable}/{selected.size} đơn đã chọn
              </b>{' '}
              (các đơn còn lại không chuyển được và sẽ được báo lại)
            </>
          )
        }
        note={approving > 0 ? `${approving} đơn đang chờ duyệt chiết khấu: xác nhận là duyệt chiết khấu của các đơn này.` : null}
        busy={bulk.isPending}
        error={bulk.error?.message ?? null}
        onClose={() => setTarget(null)}
        onConfirm={run}
      />
      <BulkResultDialog
        opened={finished !== null}
        target={finished?.target ?? null}
        results={finished?.results ?? []}
        message={finished?.message}
        labelOf={(id) => finished?.labels.get(id)}
        onClose={() => setFinished(null)}
      />
    </>
  );
}
