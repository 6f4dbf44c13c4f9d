/** The order's totals as the rep reads them to the pharmacy: goods, promotions, discount, VAT, total, and the total in words. */
import { Card, Divider, Group, Stack, Text } from '@mantine/core';
import type { OrderTotals } from '@contract/orders-totals';
import { amountInWords } from '@contract/amount-in-words';
import { MoneyText } from '@/ui/money-text';

function Row({ label, value, testId, negative }: { label: string; value: number; testId: string; negative?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <MoneyText value={negative && value > 0 ? -value : value} size="sm" data-testid={testId} />
    </Group>
  );
}

export function OrderTotalsCard({ totals, vatOn }: { totals: OrderTotals; vatOn: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-totals">
      <Stack gap={6}>
        <Row label="Tiền hàng" value={totals.subtotal} testId="total-subtotal" />
        {totals.promotion > 0 && <Row label="Khuyến mại" value={totals.promotion} testId="total-promotion" negative />}
        <Row label="Chiết khấu" value={totals.discount} testId="total-discount" negative />
        {vatOn && <Row label="Thuế VAT" value={totals.vat} testId="total-vat" />}
        <Divider my={4} />
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>Tổng cộng</Text>
          <MoneyText value={totals.total} fw={700} size="lg" c="teal" data-testid="total-total" />
        </Group>
        <Text size="sm" fs="italic" data-testid="total-words">
          Bằng chữ: {amountInWords(totals.total, { capitalize: true })}
        </Text>
      </Stack>
    </Card>
  );
}
