/**
 * /reports/products (REPORT-PRODUCT): best sellers by revenue or quantity (base units), per product
 * or per category, brand or group, their share of the period's product revenue; slow movers (every
 * active product, the least sold first); a product's detail (who buys it, where). Paged on the server.
 */
import { Anchor, Switch } from '@mantine/core';
import { useState } from 'react';
import {
  PRODUCT_GROUPING_LABELS,
  PRODUCT_GROUPINGS,
  reportPaths,
  type ProductGrouping,
  type ProductReport,
  type ProductRow,
} from '@contract/reports';
import { formatMoney } from '@/lib/money';
import { ListPager } from '@/ui/list-pager';
import { useReport } from '@/features/reports/api/report-api';
import { useTableView } from '@/features/reports/api/report-views';
import type { DrillTarget } from '@/features/reports/model/drill';
import { formatCell } from '@/features/reports/model/report-cells';
import { reportQuery } from '@/features/reports/model/report-query';
import { ChoiceSelect } from '../parts/choice-select';
import { DrillDrawer } from '../parts/drill-drawer';
import { ProductDetailDrawer } from '../parts/product-detail-drawer';
import { ReportChart } from '../parts/report-chart';
import { ReportFilters } from '../parts/report-filters';
import { FigureCard, FigureCards, ReportLayout } from '../parts/report-layout';
import { ReportTable } from '../parts/report-table';
import type { ReportPageProps } from '@/features/reports/components/report-page-props';

const LIMIT = 20;

export function ProductsReport({ companyId, search, onSearch, isMobile }: ReportPageProps) {
  const groupBy: ProductGrouping = PRODUCT_GROUPINGS.includes(search.by as ProductGrouping) ? (search.by as ProductGrouping) : 'variant';
  const sort = search.sort === 'quantity' ? 'quantity' : 'revenue';
  const base = reportQuery(companyId, search);
  const own = { group_by: groupBy, slow: search.slow ? '1' : undefined, sort: search.slow ? undefined : sort };
  const query = { ...base, ...own, page: search.page ?? 1, limit: LIMIT };
  const answer = useReport<ProductReport>(reportPaths.bestSellingProducts, query);
  const view = useTableView(companyId, 'report-products');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const data = answer.data?.data;
  const set = (change: Partial<typeof search>) => onSearch({ ...search, ...change, page: undefined });
  const extra = (
    <>
      <ChoiceSelect
        label="Xem theo"
        data={PRODUCT_GROUPINGS.map((value) => ({ value, label: PRODUCT_GROUPING_LABELS[value] }))}
        value={search.slow ? 'variant' : groupBy}
        onChange={(value) => set({ by: value === 'variant' ? undefined : value })}
        disabled={search.slow}
        isMobile={isMobile}
        width={170}
        testId="report-group-by"
      />
      <ChoiceSelect
        label="Xếp theo"
        data={[
          { value: 'revenue', label: 'Doanh thu' },
          { value: 'quantity', label: 'Số lượng' },
        ]}
        value={sort}
        onChange={(value) => set({ sort: value === 'quantity' ? 'quantity' : undefined })}
        disabled={search.slow}
        isMobile={isMobile}
        width={150}
        testId="report-sort"
      />
      <Switch
        label="Hàng bán chậm"
        checked={Boolean(search.slow)}
        onChange={(event) => set({ slow: event.currentTarget.checked || undefined, by: undefined })}
        data-testid="report-slow"
        mb={8}
      />
    </>
  );
  const dimension = groupBy === 'variant' || search.slow ? 'variant' : groupBy;
  return (
    <ReportLayout
      view={view}
      exportQuery={{ ...base, ...own }}
      filters={
        <ReportFilters
          companyId={companyId}
          search={search}
          onSearch={onSearch}
          isMobile={isMobile}
          searchLabel="Tìm sản phẩm"
          extra={extra}
        />
      }
      fetched={answer.data}
      error={answer.error}
      loading={answer.isPending}
      cards={
        data && (
          <FigureCards>
            <FigureCard label="Doanh thu hàng bán" value={formatMoney(data.total_revenue)} testId="figure-revenue" />
            <FigureCard label="Số lượng bán (đơn vị cơ bản)" value={formatCell('number', data.total_quantity)} />
            <FigureCard
              label={search.slow ? 'Sản phẩm đang bán' : `Số ${PRODUCT_GROUPING_LABELS[groupBy].toLowerCase()} có bán`}
              value={formatCell('number', data.count)}
            />
          </FigureCards>
        )
      }
      chart={
        data && (
          <ReportChart
            title={
              search.slow
                ? 'Bán chậm nhất (số lượng)'
                : sort === 'quantity'
                  ? 'Bán chạy nhất theo số lượng'
                  : 'Bán chạy nhất theo doanh thu'
            }
            kind="rank"
            label={sort === 'quantity' || search.slow ? 'Số lượng' : 'Doanh thu'}
            money={!(sort === 'quantity' || search.slow)}
            data={data.rows
              .slice(0, 10)
              .map((row) => ({ name: row.name, value: sort === 'quantity' || search.slow ? row.quantity : row.revenue }))}
          />
        )
      }
      isMobile={isMobile}
      drawer={
        <>
          <DrillDrawer target={drill} query={base} onClose={() => setDrill(null)} />
          <ProductDetailDrawer variantId={detail} query={base} onClose={() => setDetail(null)} />
        </>
      }
    >
      {data && (
        <>
          <ReportTable<ProductRow>
            table="report-products"
            rows={data.rows}
            shown={view.columns}
            rowKey={(row) => row.key}
            render={(row, column) =>
              column === 'name' && dimension === 'variant' ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setDetail(Number(row.key))}
                  data-testid="product-detail-open"
                >
                  {row.name}
                </Anchor>
              ) : undefined
            }
            drill={(row, column) =>
              ['quantity', 'revenue', 'orders'].includes(column) && row.orders > 0
                ? { report: 'products', title: `${row.name}: các đơn hàng`, dimension, key: row.key, measure: 'revenue' }
                : null
            }
            onDrill={setDrill}
            isMobile={isMobile}
            empty={search.search ? 'Không có sản phẩm nào khớp tìm kiếm' : 'Chưa bán sản phẩm nào trong kỳ này'}
          />
          <ListPager
            page={search.page ?? 1}
            limit={LIMIT}
            count={data.count}
            noun="dòng"
            onPage={(page) => onSearch({ ...search, page: page > 1 ? page : undefined })}
            compact={isMobile}
            testId="report-pager"
            countTestId="report-count"
          />
        </>
      )}
    </ReportLayout>
  );
}
