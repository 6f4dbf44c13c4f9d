/**
 * The foot of every paged list: the total ("Tổng 125 khách hàng", or "Ít nhất …" when the device
 * only counted a few pages ahead), the page size, and the pages (fewer page buttons on a phone).
 * A list whose page size is fixed leaves out `onLimit`; one that shows its total elsewhere (the
 * order list's summary) leaves out `noun`.
 */
import { Group, Pagination, Select, Text } from '@mantine/core';
import { formatNumber } from '@/lib/money';

export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;

type Props = {
  page: number;
  limit: number;
  count: number;
  /** What the list holds, after the count: "khách hàng", "sản phẩm"… */
  noun?: string;
  /** The count is a lower bound (the device counts only a few pages ahead). */
  approximate?: boolean;
  onPage: (page: number) => void;
  onLimit?: (limit: number) => void;
  /** The page sizes offered (the route accepts only these). */
  sizes?: readonly number[];
  compact: boolean;
  testId?: string;
  countTestId?: string;
};

export function ListPager({
  page,
  limit,
  count,
  noun,
  approximate = false,
  onPage,
  onLimit,
  sizes = LIST_PAGE_SIZES,
  compact,
  testId = 'list-pager',
  countTestId = 'list-count',
}: Props) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return (
    <Group justify="space-between" gap="sm" wrap={compact ? 'wrap' : 'nowrap'} data-testid={testId}>
      <Group gap="xs" wrap="nowrap">
        {noun !== undefined && (
          <Text size="sm" c="dimmed" data-testid={countTestId}>
            {approximate ? 'Ít nhất' : 'Tổng'} {formatNumber(count)} {noun}
          </Text>
        )}
        {onLimit && (
          <Select
            aria-label="Số dòng mỗi trang"
            data={sizes.map((size) => ({ value: String(size), label: `${size} / trang` }))}
            value={String(limit)}
            onChange={(value) => value && onLimit(Number(value))}
            allowDeselect={false}
            w={120}
            size="xs"
            styles={{ input: { height: 30, minHeight: 30 } }}
          />
        )}
      </Group>
      {pages > 1 && (
        <Pagination total={pages} value={Math.min(page, pages)} onChange={onPage} size={compact ? 'sm' : 'md'} siblings={compact ? 0 : 1} />
      )}
    </Group>
  );
}
