/**
 * /reports/orders (REPORT-ORDER-REVENUA): the period's revenue, orders, average order value,
 * customers, SKU per order, new customers, visits and strike rate against the period before; revenue
 * per day, week or month beside the previous period's (chart and table); orders by status, by type
 * and by payment. Every figure opens the orders behind it.
 */
import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { growth, reportPaths, type BusinessAnalysis, type CompanyOverview, type OverviewFigures } from '@contract/reports';
import { formatMoney } from '@/lib/money';
import { useReport } from '@/features/reports/api/report-api';
import { useTableView } from '@/features/reports/api/report-views';
import { measureOf, type DrillTarget } from '@/features/reports/model/drill';
import { formatCell } from '@/features/reports/model/report-cells';
import { reportQuery } from '@/features/reports/model/report-query';
import { BreakdownTable } from '../parts/breakdown-table';
import { DrillDrawer } from '../parts/drill-drawer';
import { ReportChart } from '../parts/report-chart';
import { ReportFilters } from '../parts/report-filters';
import { FigureCard, FigureCards, ReportLayout } from '../parts/report-layout';
import type { ReportPageProps } from '@/features/reports/components/report-page-props';
import { ReportTable } from '../parts/report-table';

const change = (now: number, before: number) => {
  const rate = growth(now, before);
  return rate === null ? 'Kỳ trước: chưa có' : `${rate >= 0 ? '▲' : '▼'} ${formatCell('percent', Math.abs(rate))} so với kỳ trước`;
};

export function OverviewCards({ figures, before }: { figures: OverviewFigures; before?: OverviewFigures }) {
  const hint = (key: keyof OverviewFigures) => (before ? change(Number(figures[key] ?? 0), Number(before[key] ?? 0)) : undefined);
  return (
    <FigureCards>
      <FigureCard label="Doanh thu" value={formatMoney(figures.revenue)} hint={hint('revenue')} testId="figure-revenue" />
      <FigureCard label="Số đơn hàng" value={formatCell('number', figures.orders)} hint={hint('orders')} testId="figure-orders" />
      <FigureCard label="Giá trị TB mỗi đơn" value={formatMoney(figures.avg_order_value)} hint={hint('avg_order_value')} />
      <FigureCard label="Khách hàng mua" value={formatCell('number', figures.customers)} hint={hint('customers')} />
      <FigureCard label="Khách hàng mới" value={formatCell('number', figures.new_customers)} hint={hint('new_customers')} />
      <FigureCard label="SKU mỗi đơn" value={formatCell('decimal', figures.sku_per_order)} />
      <FigureCard label="Lượt ghé thăm" value={formatCell('number', figures.visits)} hint={hint('visits')} />
      <FigureCard label="Tỷ lệ ghé thăm có đơn" value={formatCell('percent', figures.strike_rate)} />
    </FigureCards>
  );
}

export function OrdersReport({ companyId, search, onSearch, isMobile }: ReportPageProps) {
  const query = reportQuery(companyId, search);
  const overview = useReport<CompanyOverview>(reportPaths.companyOverview, query);
  const analysis = useReport<BusinessAnalysis>(reportPaths.businessAnalysis, query);
  const view = useTableView(companyId, 'report-orders');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const data = analysis.data?.data;
  const figures = overview.data?.data;
  return (
    <ReportLayout
      view={view}
      exportQuery={query}
      filters={<ReportFilters companyId={companyId} search={search} onSearch={onSearch} isMobile={isMobile} />}
      fetched={analysis.data}
      error={analysis.error ?? overview.error}
      loading={analysis.isPending}
      cards={figures && <OverviewCards figures={figures.current} before={figures.before} />}
      chart={
        data && (
          <ReportChart
            title={data.bucket === 'day' ? 'Doanh thu theo ngày' : data.bucket === 'week' ? 'Doanh thu theo tuần' : 'Doanh thu theo tháng'}
            kind="trend"
            data={data.series}
          />
        )
      }
      isMobile={isMobile}
      drawer={<DrillDrawer target={drill} query={query} onClose={() => setDrill(null)} />}
    >
      {data && (
        <>
          <ReportTable
            table="report-orders"
            rows={data.series}
            shown={view.columns}
            rowKey={(row) => row.key}
            drill={(row, column) =>
              column === 'orders' || column === 'revenue'
                ? {
                    report: 'orders',
                    title: `${row.label}: ${column === 'revenue' ? 'doanh thu' : 'đơn hàng'}`,
                    measure: measureOf(column),
                    period: { from: row.from, to: row.to },
                  }
                : null
            }
            onDrill={setDrill}
            isMobile={isMobile}
            empty="Chưa có đơn hàng trong kỳ này"
          />
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mt="md">
            <BreakdownTable
              title="Theo trạng thái"
              rows={data.by_status}
              valueLabel="Giá trị"
              report="orders"
              dimension="status"
              measureAll
              onDrill={setDrill}
              testId="by-status"
            />
            <BreakdownTable
              title="Theo loại đơn"
              rows={data.by_type}
              valueLabel="Doanh thu"
              report="orders"
              dimension="order_type"
              measureAll={false}
              onDrill={setDrill}
              testId="by-type"
            />
            <BreakdownTable
              title="Theo thanh toán"
              rows={data.by_payment}
              valueLabel="Doanh thu"
              report="orders"
              dimension="payment_status"
              measureAll={false}
              onDrill={setDrill}
              testId="by-payment"
            />
          </SimpleGrid>
        </>
      )}
    </ReportLayout>
  );
}
