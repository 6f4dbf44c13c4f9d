/** Pieces of an order's detail: its lines (table or cards), its totals with the amount in words, its status history. */
import { Badge, Card, Divider, Group, Stack, Table, Text, Timeline } from '@mantine/core';
import { IconCircleCheck, IconCircleDot, IconCircleX } from '@tabler/icons-react';
import type { OrderRecord } from '@contract/orders';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import { formatDateTime } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import type { OrderHistoryEntry } from '../api/order-queries';
import { lineName, printTotals } from './order-print-model';

const money = (value: number) => formatMoney(value);

function GiftBadge() {
  return (
    <Badge size="xs" variant="light" color="grape" data-testid="gift-badge">
      Hàng tặng
    </Badge>
  );
}

export function OrderLinesTable({ order }: { order: OrderRecord }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="xs" data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>#</Table.Th>
            <Table.Th>Sản phẩm</Table.Th>
            <Table.Th>Đơn vị</Table.Th>
            <Table.Th ta="right">Số lượng</Table.Th>
            <Table.Th ta="right">Đơn giá</Table.Th>
            <Table.Th ta="right">Chiết khấu</Table.Th>
            {order.vat_on && <Table.Th ta="right">VAT</Table.Th>}
            <Table.Th ta="right">Thành tiền</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line, index) => (
            <Table.Tr key={line.id} data-testid="order-line">
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={500}>
                    {lineName(line)}
                  </Text>
                  {line.is_gift && <GiftBadge />}
                </Group>
                <Text size="xs" c="dimmed">
                  {line.sku}
                  {line.policy_title ? ` · ${line.policy_title}` : ''}
                  {line.list_price !== line.unit_price ? ` · giá niêm yết ${money(line.list_price)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>{line.unit}</Table.Td>
              <Table.Td ta="right">{formatNumber(line.quantity)}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(line.unit_price)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.promotion_amount > 0 && (
                  <Text size="sm" c="grape.7" data-testid="line-promotion">
                    KM −{money(line.promotion_amount)}
                  </Text>
                )}
                {line.discount_amount > 0 ? (
                  <>
                    −{money(line.discount_amount)}
                    {line.discount?.kind === 'percent' && (
                      <Text size="xs" c="dimmed">
                        {formatNumber(line.discount.value)}%
                      </Text>
                    )}
                  </>
                ) : line.promotion_amount > 0 ? null : (
                  '—'
                )}
              </Table.Td>
              {order.vat_on && (
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.vat_amount)}
                  <Text size="xs" c="dimmed">
                    {line.vat_rate}%
                  </Text>
                </Table.Td>
              )}
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {money(line.line_total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function OrderLineCards({ order }: { order: OrderRecord }) {
  return (
    <Stack gap="xs" data-testid="order-lines">
      {order.lines.map((line, index) => (
        <Card key={line.id} withBorder padding="xs" radius="md" data-testid="order-line">
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {index + 1}. {lineName(line)}
            </Text>
            {line.is_gift && <GiftBadge />}
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {formatNumber(line.quantity)} {line.unit} × {money(line.unit_price)}
            </Text>
            <Text size="sm" fw={600}>
              {money(line.line_total)}
            </Text>
          </Group>
          {line.promotion_amount > 0 && (
            <Text size="xs" c="grape.7">
              Khuyến mại −{money(line.promotion_amount)}
            </Text>
          )}
          {(line.discount_amount > 0 || (order.vat_on && line.vat_amount > 0)) && (
            <Text size="xs" c="dimmed">
              {line.discount_amount > 0 ? `Chiết khấu −${money(line.discount_amount)}` : ''}
              {line.discount_amount > 0 && order.vat_on ? ' · ' : ''}
              {order.vat_on ? `VAT ${line.vat_rate}%: ${money(line.vat_amount)}` : ''}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function TotalRow({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} c={strong ? undefined : 'dimmed'}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Text>
    </Group>
  );
}

export function OrderTotalsPanel({ order }: { order: OrderRecord }) {
  const totals = printTotals(order);
  return (
    <Stack gap={6} data-testid="order-totals">
      <TotalRow label="Tiền hàng" value={money(totals.subtotal)} />
      {totals.promotion > 0 && <TotalRow label="Khuyến mại" value={`−${money(totals.promotion)}`} testId="order-promotion" />}
      {(order.promotions ?? []).map((given) => (
        <Text key={given.promotion_id} size="xs" c="grape.7" data-testid="order-applied-promotion">
          {given.code} · {given.name}
          {given.summary ? `: ${given.summary}` : ''}
        </Text>
      ))}
      {totals.discount > 0 && <TotalRow label="Chiết khấu" value={`−${money(totals.discount)}`} />}
      {order.vat_on &&
        (totals.vatByRate.length > 0 ? (
          totals.vatByRate.map((entry) => <TotalRow key={entry.rate} label={`Thuế VAT ${entry.rate}%`} value={money(entry.vat)} />)
        ) : (
          <TotalRow label="Thuế VAT" value={money(totals.vat)} />
        ))}
      <Divider />
      <TotalRow label="Tổng cộng" value={money(totals.total)} strong testId="order-total" />
      <Text size="sm" fs="italic" data-testid="order-amount-words">
        Bằng chữ: {totals.words}
      </Text>
    </Stack>
  );
}

export function OrderHistory({ order, history }: { order: OrderRecord; history: OrderHistoryEntry[] }) {
  const items = [
    {
      key: 'created',
      title: 'Tạo đơn hàng',
      by: order.account_name,
      at: order.created_at,
      reason: null as string | null,
      color: 'gray',
      ok: true,
    },
    ...history.map((entry, index) => ({
      key: `${index}`,
      title: entry.from ? `${ORDER_STATUS_LABELS[entry.from]} → ${ORDER_STATUS_LABELS[entry.to]}` : ORDER_STATUS_LABELS[entry.to],
      by: entry.by,
      at: entry.at,
      reason: entry.reason,
      color: ORDER_STATUS_COLORS[entry.to],
      ok: entry.to !== 'rejected' && entry.to !== 'cancelled',
    })),
  ];
  return (
    <Timeline active={items.length - 1} bulletSize={22} lineWidth={2} data-testid="order-history">
      {items.map((item) => (
        <Timeline.Item
          key={item.key}
          color={item.color}
          bullet={
            item.ok ? item.key === 'created' ? <IconCircleDot size={14} /> : <IconCircleCheck size={14} /> : <IconCircleX size={14} />
          }
          title={
            <Text size="sm" fw={600}>
              {item.title}
            </Text>
          }
        >
          <Text size="xs" c="dimmed">
            {formatDateTime(item.at)}
            {item.by ? ` · ${item.by}` : ''}
          </Text>
          {item.reason && (
            <Text size="xs" mt={2}>
              Lý do: {item.reason}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
