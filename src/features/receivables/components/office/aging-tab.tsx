/**
 * "Tuổi nợ": every customer who owes, by days past due in the company's buckets, with totals, sorted
 * as the office picks; a customer over the credit limit is marked beside the limit, with the figure
 * the limit is checked against (named as in the order's refusal); a row opens the statement.
 */
import { Badge, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AGING_ORDERINGS, type AgingOrdering, type AgingRow } from '@contract/receivables';
import { EXPOSURE_LABEL } from '@contract/receivables-ledger';
import { formatDate } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { ListPager } from '@/ui/list-pager';
import { LoadingBlock } from '@/ui/loading-block';
import { MoneyText } from '@/ui/money-text';
import { SearchInput } from '@/ui/search-input';
import { useAging } from '@/features/receivables/api/receivable-reports-api';

const ONLY = [
  { value: 'owing', label: 'Còn nợ' },
  { value: 'overdue', label: 'Có nợ quá hạn' },
  { value: 'over_limit', label: 'Vượt hạn mức' },
];

const ORDERINGS = Object.entries(AGING_ORDERINGS).map(([value, label]) => ({ value, label }));

export function LimitCell({ row }: { row: AgingRow }) {
  if (row.credit_limit === null) return <>—</>;
  return (
    <Stack gap={2} align="flex-end">
      <MoneyText value={row.credit_limit} size="sm" />
      <Text size="xs" c="dimmed" title={`Hạn mức được so với ${EXPOSURE_LABEL}`}>
        Đã dùng <MoneyText value={row.exposure} size="xs" />
      </Text>
      {row.over_limit && (
        <Badge color="red" variant="light" size="sm" data-testid="aging-over-limit">
          Vượt hạn mức
        </Badge>
      )}
    </Stack>
  );
}

export function AgingTab({ companyId, isMobile }: { companyId: number; isMobile: boolean }) {
  const [search, setSearch] = useState('');
  const [only, setOnly] = useState<string | null>('owing');
  const [ordering, setOrdering] = useState<AgingOrdering>('overdue');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const aging = useAging(companyId, { search: search || undefined, only: only ?? undefined, ordering, page, limit });
  const data = aging.data;
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          value={search}
          onSearch={(next) => (setSearch(next), setPage(1))}
          label="Tìm khách hàng"
          placeholder="Tìm mã, tên khách hàng"
          testId="aging-search"
        />
        <Select
          data={ONLY}
          value={only}
          onChange={(next) => (setOnly(next), setPage(1))}
          clearable
          placeholder="Tất cả khách hàng"
          w={200}
          aria-label="Lọc khách hàng"
          data-testid="aging-only"
        />
        <Select
          data={ORDERINGS}
          value={ordering}
          onChange={(next) => (setOrdering((next ?? 'overdue') as AgingOrdering), setPage(1))}
          allowDeselect={false}
          w={200}
          aria-label="Sắp xếp"
          data-testid="aging-ordering"
        />
      </Group>
      {!data ? (
        <LoadingBlock />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Tính đến {formatDate(data.asOf)} theo hạn thanh toán.
          </Text>
          <Table.ScrollContainer minWidth={isMobile ? 720 : 900}>
            <Table striped withTableBorder fz="sm" data-testid="aging-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Khách hàng</Table.Th>
                  <Table.Th>Nhân viên</Table.Th>
                  <Table.Th ta="right">Dư nợ</Table.Th>
                  <Table.Th ta="right">Chưa đến hạn</Table.Th>
                  {data.buckets.map((bucket) => (
                    <Table.Th key={bucket.label} ta="right">
                      {bucket.label}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">Hạn mức</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.customer_id} data-testid="aging-row" data-over-limit={row.over_limit || undefined}>
                    <Table.Td>
                      <AnchorLink to="/customers/$id" params={{ id: row.customer_id }} size="sm" fw={600}>
                        {row.customer_name}
                      </AnchorLink>
                      {/* The link stands apart from the code (WCAG 1.4.1: a link in a line of text is told by more than colour). */}
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {row.customer_code}
                        </Text>
                        <AnchorLink to="/receivables/statement/$id" params={{ id: row.customer_id }} size="xs">
                          Đối chiếu
                        </AnchorLink>
                      </Group>
                    </Table.Td>
                    <Table.Td>{row.staff_name ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      <MoneyText value={row.balance} size="sm" fw={600} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <MoneyText value={row.not_due} size="sm" />
                    </Table.Td>
                    {row.buckets.map((amount, index) => (
                      <Table.Td key={data.buckets[index]!.label} ta="right">
                        <MoneyText value={amount} size="sm" c={amount > 0 ? 'red' : 'dimmed'} />
                      </Table.Td>
                    ))}
                    <Table.Td ta="right">
                      <LimitCell row={row} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>Tổng cộng</Table.Th>
                  <Table.Th ta="right">
                    <MoneyText value={data.totals.balance} size="sm" fw={700} data-testid="aging-total-balance" />
                  </Table.Th>
                  <Table.Th ta="right">
                    <MoneyText value={data.totals.not_due} size="sm" />
                  </Table.Th>
                  {data.totals.buckets.map((amount, index) => (
                    <Table.Th key={data.buckets[index]!.label} ta="right">
                      <MoneyText value={amount} size="sm" fw={700} data-testid={`aging-total-bucket-${index}`} />
                    </Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          <ListPager
            page={page}
            limit={limit}
            count={data.count}
            noun="khách hàng"
            onPage={setPage}
            onLimit={(next) => (setLimit(next), setPage(1))}
            compact={isMobile}
          />
        </>
      )}
    </Stack>
  );
}
