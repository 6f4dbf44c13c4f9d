/** Every connected carrier's quotes side by side, one to choose; a carrier that failed says why (book-delivery-dialog.tsx). */
import { Alert, Badge, Group, Radio, Stack, Table, Text } from '@mantine/core';
import type { QuoteAnswer } from '@contract/delivery';
import { formatMoney } from '@contract/money';
import { formatDate } from '@/lib/dates';
import { quoteKey } from './use-book-delivery';

export function QuoteTable({ answer, chosen, onChoose }: { answer: QuoteAnswer; chosen: string | null; onChoose: (key: string) => void }) {
  const cheapest = answer.quotes[0]?.fee;
  return (
    <Stack gap="xs">
      {answer.quotes.length > 0 ? (
        <Table.ScrollContainer minWidth={520}>
          <Table highlightOnHover data-testid="book-quotes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>Hãng</Table.Th>
                <Table.Th>Dịch vụ</Table.Th>
                <Table.Th ta="right">Phí vận chuyển</Table.Th>
                <Table.Th>Dự kiến giao</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.quotes.map((quote) => (
                <Table.Tr
                  key={quoteKey(quote)}
                  onClick={() => onChoose(quoteKey(quote))}
                  style={{ cursor: 'pointer' }}
                  data-testid="book-quote-row"
                  data-carrier={quote.carrier}
                  data-service={quote.service_id}
                >
                  <Table.Td>
                    <Radio
                      checked={chosen === quoteKey(quote)}
                      onChange={() => onChoose(quoteKey(quote))}
                      aria-label={`${quote.carrier_label} ${quote.service_name}`}
                    />
                  </Table.Td>
                  <Table.Td>{quote.carrier_label}</Table.Td>
                  <Table.Td>{quote.service_name}</Table.Td>
                  <Table.Td ta="right">
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {quote.fee === cheapest && (
                        <Badge size="xs" color="teal" variant="light">
                          Rẻ nhất
                        </Badge>
                      )}
                      <Text size="sm" fw={600}>
                        {formatMoney(quote.fee)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>{quote.expected_at ? formatDate(quote.expected_at) : 'Hãng không báo'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          Không hãng nào báo giá được cho đơn này.
        </Text>
      )}
      {answer.failures.map((failure) => (
        <Alert key={failure.connection_id} color="orange" variant="light" data-testid="book-quote-failure">
          {failure.carrier_label}: {failure.message}
        </Alert>
      ))}
    </Stack>
  );
}
