/**
 * /reports/promotions (REPORT-PROMOTION): per programme that ran in the period, the orders it applied
 * to, their customers and revenue, the discount and gifts given (at list price) and its budget used.
 * The cards are the server's totals, each order once: an order several programmes applied to is in
 * each of their rows, so adding the rows up would count it several times.
 */
import { useState } from 'react';
import { reportPaths, type PromotionReport, type PromotionRow } from '@contract/reports';
import { formatMoney, formatNumber } from '@/lib/money';
import { useReport } from '@/features/reports/api/report-api';
import { useTableView } from '@/features/reports/api/report-views';
import type { DrillTarget } from '@/features/reports/model/drill';
import { reportQuery } from '@/features/reports/model/report-query';
import { DrillDrawer } from '../parts/drill-drawer';
import { ReportChart } from '../parts/report-chart';
import { ReportFilters } from '../parts/report-filters';
import { FigureCard, FigureCards, ReportLayout } from '../parts/report-layout';
import { ReportTable } from '../parts/report-table';
import type { ReportPageProps } from '@/features/reports/components/report-page-props';

export function PromotionsReport({ companyId, search, onSearch, isMobile }: ReportPageProps) {
  const query = reportQuery(companyId, search);
  const answer = useReport<PromotionReport>(reportPaths.promotions, query);
  const view = useTableView(companyId, 'report-promotions');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const rows = answer.data?.data.rows;
  const totals = answer.data?.data.totals;
  return (
    <ReportLayout
      view={view}
      exportQuery={query}
      filters={
        <ReportFilters companyId={companyId} search={search} onSearch={onSearch} isMobile={isMobile} searchLabel="Tìm chương trình" />
      }
      fetched={answer.data}
      error={answer.error}
      loading={answer.isPending}
      cards={
        totals && (
          <FigureCards>
            <FigureCard label="Tiền giảm" value={formatMoney(totals.discount)} testId="figure-discount" />
            <FigureCard label="Giá trị quà tặng" value={formatMoney(totals.gift_value)} testId="figure-gifts" />
            <FigureCard
              label="Đơn có khuyến mại"
              value={formatNumber(totals.orders)}
              hint="Mỗi đơn tính một lần"
              testId="figure-promoted-orders"
            />
            <FigureCard
              label="Doanh thu đơn có khuyến mại"
              value={formatMoney(totals.revenue)}
              hint="Mỗi đơn tính một lần, dù áp dụng nhiều chương trình"
              testId="figure-promoted-revenue"
            />
          </FigureCards>
        )
      }
      chart={
        rows && (
          <ReportChart
            title="Giá trị khuyến mại đã trao"
            kind="rank"
            label="Giảm giá và quà tặng"
            money
            data={rows
              .filter((row) => row.discount + row.gift_value > 0)
              .map((row) => ({ name: row.name, value: row.discount + row.gift_value }))}
          />
        )
      }
      isMobile={isMobile}
      drawer={<DrillDrawer target={drill} query={query} onClose={() => setDrill(null)} />}
    >
      {rows && (
        <ReportTable<PromotionRow>
          table="report-promotions"
          rows={rows}
          shown={view.columns}
          rowKey={(row) => String(row.promotion_id)}
          drill={(row, column) =>
            ['orders', 'revenue', 'discount', 'gift_value'].includes(column) && row.orders > 0
              ? {
                  report: 'promotions',
                  title: `${row.name}: các đơn hàng`,
                  dimension: 'promotion',
                  key: String(row.promotion_id),
                  measure: column === 'revenue' ? 'revenue' : 'all',
                }
              : null
          }
          onDrill={setDrill}
          isMobile={isMobile}
          empty="Chưa có chương trình khuyến mại nào trong kỳ này"
        />
      )}
    </ReportLayout>
  );
}
