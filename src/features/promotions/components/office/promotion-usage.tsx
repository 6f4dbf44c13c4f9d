/**
 * The tabs under a programme: the orders that used it (promotion/{id}/usage/, newest first: the
 * order, customer, rep, discount and gift value), and the goods it covers (getpromotionvariant/,
 * its variants, categories and brands resolved, searchable). Each is paged on its own.
 */
import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PromotionUsageRow, PromotionVariantRow } from '@contract/promotions';
import { formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { AnchorLink } from '@/ui/anchor-link';
import { ListResults } from '@/ui/list-page/list-results';
import { ListRows, type RowsSpec } from '@/ui/list-page/list-rows';
import { ListPager } from '@/ui/list-pager';
import { MoneyText } from '@/ui/money-text';
import { SearchInput } from '@/ui/search-input';
import { usePromotionGoods, usePromotionUsage, type PageQuery } from '@/features/promotions/api/promotion-api';
import { lineName } from '@/lib/line-name';

type Props = { companyId: number; promotionId: number; isMobile: boolean };

const START: PageQuery = { page: 1, limit: 10 };

function OrderLink({ row }: { row: PromotionUsageRow }) {
  return (
    <AnchorLink
      to="/order/$id"
      params={{ id: row.order_id }}
      search={{ type: 'detail' }}
      fw={600}
      size="sm"
      data-testid="promotion-usage-order"
    >
      {row.order_code ?? 'Đơn chưa có mã'}
    </AnchorLink>
  );
}

export function PromotionUsageTab({ companyId, promotionId, isMobile }: Props) {
  const [paging, setPaging] = useState(START);
  const usage = usePromotionUsage(companyId, promotionId, paging);
  const rows: RowsSpec<PromotionUsageRow> = {
    testId: 'promotion-usage',
    rowKey: (row) => row.order_id,
    rowProps: (row) => ({ 'data-order': row.order_id }),
    minWidth: 800,
    card: (row) => (
      <Stack gap={2}>
        <Group justify="space-between" wrap="nowrap">
          <OrderLink row={row} />
          <Text size="xs" c="dimmed">
            {formatDateTime(row.created_at)}
          </Text>
        </Group>
        <Text size="sm" lineClamp={1}>
          {row.customer_name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.account_name}
        </Text>
        <Group gap="md">
          <Text size="xs">
            Giảm: <MoneyText value={row.discount} size="xs" fw={600} />
          </Text>
          <Text size="xs">
            Hàng tặng: <MoneyText value={row.gift_value} size="xs" fw={600} />
          </Text>
        </Group>
      </Stack>
    ),
    columns: [
      { key: 'order', label: 'Đơn hàng', nowrap: true, cell: (row) => <OrderLink row={row} /> },
      { key: 'date', label: 'Ngày', nowrap: true, cell: (row) => formatDateTime(row.created_at) },
      { key: 'customer', label: 'Khách hàng', cell: (row) => row.customer_name, lines: 1, maxWidth: 260 },
      { key: 'rep', label: 'Nhân viên', cell: (row) => row.account_name },
      { key: 'discount', label: 'Tiền giảm', align: 'right', nowrap: true, cell: (row) => <MoneyText value={row.discount} size="sm" /> },
      {
        key: 'gift',
        label: 'Giá trị hàng tặng',
        align: 'right',
        nowrap: true,
        cell: (row) => <MoneyText value={row.gift_value} size="sm" />,
      },
      { key: 'quantity', label: 'SL (ĐV cơ bản)', align: 'right', cell: (row) => formatNumber(row.quantity) },
    ],
  };
  return (
    <Stack gap="sm" data-testid="promotion-usage">
      <ListResults query={usage} empty={{ title: 'Chưa có đơn hàng nào áp dụng chương trình' }}>
        {(data) => (
          <>
            <ListRows rows={data.rows} isMobile={isMobile} spec={rows} />
            <ListPager
              page={paging.page}
              limit={paging.limit}
              count={data.count}
              noun="đơn hàng"
              onPage={(page) => setPaging({ ...paging, page })}
              onLimit={(limit) => setPaging({ page: 1, limit })}
              compact={isMobile}
              testId="promotion-usage-pager"
              countTestId="promotion-usage-count"
            />
          </>
        )}
      </ListResults>
    </Stack>
  );
}

export function PromotionGoodsTab({ companyId, promotionId, isMobile }: Props) {
  const [paging, setPaging] = useState(START);
  const goods = usePromotionGoods(companyId, promotionId, paging);
  const rows: RowsSpec<PromotionVariantRow> = {
    testId: 'promotion-goods',
    rowKey: (row) => row.variant_id,
    rowProps: (row) => ({ 'data-id': row.variant_id, 'data-sku': row.sku }),
    card: (row) => (
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} lineClamp={2}>
            {lineName(row)}
          </Text>
          <Text size="xs" c="dimmed">
            {row.sku}
          </Text>
        </div>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          <MoneyText value={row.price} size="sm" />/{row.base_unit}
        </Text>
      </Group>
    ),
    columns: [
      { key: 'sku', label: 'Mã SKU', nowrap: true, cell: (row) => row.sku },
      { key: 'product', label: 'Sản phẩm', cell: (row) => row.product_name, sub: (row) => row.variant_name || null },
      { key: 'unit', label: 'Đơn vị cơ bản', cell: (row) => row.base_unit },
      { key: 'price', label: 'Giá niêm yết', align: 'right', nowrap: true, cell: (row) => <MoneyText value={row.price} size="sm" /> },
    ],
  };
  return (
    <Stack gap="sm" data-testid="promotion-goods">
      <SearchInput
        value={paging.search || undefined}
        onSearch={(search) => setPaging({ ...paging, page: 1, search })}
        label="Tìm sản phẩm áp dụng"
        placeholder="Tìm theo tên, mã SKU…"
        testId="promotion-goods-search"
      />
      <ListResults
        query={goods}
        empty={{ title: paging.search ? 'Không có sản phẩm phù hợp' : 'Chương trình chưa có sản phẩm nào đang bán' }}
      >
        {(data) => (
          <>
            <ListRows rows={data.rows} isMobile={isMobile} spec={rows} />
            <ListPager
              page={paging.page}
              limit={paging.limit}
              count={data.count}
              noun="sản phẩm"
              onPage={(page) => setPaging({ ...paging, page })}
              onLimit={(limit) => setPaging({ ...paging, page: 1, limit })}
              compact={isMobile}
              testId="promotion-goods-pager"
              countTestId="promotion-goods-count"
            />
          </>
        )}
      </ListResults>
    </Stack>
  );
}
