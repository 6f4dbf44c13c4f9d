/**
 * An invoice's lines, its summary per VAT rate and its totals with the amount in words, as the
 * invoice prints them: the issue dialog's preview and the invoice's page. On a phone each line is
 * a card.
 */
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import { INVOICE_VAT_RATE_LABELS, type InvoiceTotals } from '@contract/invoices-totals';
import { formatMoney } from '@contract/money';
import { formatNumber } from '@/lib/money';

const quantity = (value: number) => formatNumber(value);

export function InvoiceLines({ totals, isMobile }: { totals: InvoiceTotals; isMobile: boolean }) {
  return (
    <Stack gap="sm">
      {isMobile ? (
        <Stack gap="xs">
          {totals.lines.map((line) => (
            <Card key={line.line_no} withBorder padding="xs" radius="sm">
              <Text size="sm" fw={500}>
                {line.line_no}. {line.item_name}
              </Text>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  {quantity(line.quantity)} {line.unit} × {formatMoney(line.unit_price)}
                  {line.discount > 0 ? ` − ${formatMoney(line.discount)}` : ''}
                </Text>
                <Text size="xs">VAT {INVOICE_VAT_RATE_LABELS[line.vat_rate]}</Text>
              </Group>
              <Text size="sm" ta="right" fw={600}>
                {formatMoney(line.amount_without_vat)}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped withTableBorder data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>STT</Table.Th>
                <Table.Th>Tên hàng hóa</Table.Th>
                <Table.Th>ĐVT</Table.Th>
                <Table.Th ta="right">Số lượng</Table.Th>
                <Table.Th ta="right">Đơn giá</Table.Th>
                <Table.Th ta="right">Chiết khấu</Table.Th>
                <Table.Th ta="right">Thành tiền</Table.Th>
                <Table.Th ta="right">Thuế suất</Table.Th>
                <Table.Th ta="right">Tiền thuế</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.lines.map((line) => (
                <Table.Tr key={line.line_no}>
                  <Table.Td>{line.line_no}</Table.Td>
                  <Table.Td>{line.item_name}</Table.Td>
                  <Table.Td>{line.unit}</Table.Td>
                  <Table.Td ta="right">{quantity(line.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.unit_price)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.discount)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.amount_without_vat)}</Table.Td>
                  <Table.Td ta="right">{INVOICE_VAT_RATE_LABELS[line.vat_rate]}</Table.Td>
                  <Table.Td ta="right">{formatMoney(line.vat_amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap={4} align="flex-end" data-testid="invoice-totals">
        {totals.by_rate.map((rate) => (
          <Text size="sm" key={rate.vat_rate}>
            Thuế suất {INVOICE_VAT_RATE_LABELS[rate.vat_rate]}: tiền hàng {formatMoney(rate.amount_without_vat)}, tiền thuế{' '}
            {formatMoney(rate.vat_amount)}
          </Text>
        ))}
        <Text size="sm">Cộng tiền hàng: {formatMoney(totals.total_without_vat)}</Text>
        <Text size="sm">Tiền thuế GTGT: {formatMoney(totals.total_vat)}</Text>
        <Text fw={700} data-testid="invoice-total">
          Tổng tiền thanh toán: {formatMoney(totals.total)}
        </Text>
        <Text size="sm" fs="italic" ta="right" data-testid="invoice-words">
          Số tiền viết bằng chữ: {totals.amount_in_words}
        </Text>
      </Stack>
    </Stack>
  );
}
