/**
 * /reports/region (REPORT-REGION): per sales region or per province, revenue against the previous
 * period (growth), orders, customers and reps; a region that sold nothing is listed too.
 */
import { useState } from 'react';
import { reportPaths, type RegionGrouping, type RegionReport as Answer, type RegionRow } from '@contract/reports';
import { formatMoney } from '@/lib/money';
import { formatDate } from '@/lib/dates';
import { useReport } from '@/features/reports/api/report-api';
import { useTableView } from '@/features/reports/api/report-views';
import { measureOf, type DrillTarget } from '@/features/reports/model/drill';
import { reportQuery } from '@/features/reports/model/report-query';
import { ChoiceSelect } from '../parts/choice-select';
import { DrillDrawer } from '../parts/drill-drawer';
import { ReportChart } from '../parts/report-chart';
import { ReportFilters } from '../parts/report-filters';
import { FigureCard, FigureCards, ReportLayout } from '../parts/report-layout';
import { ReportTable } from '../parts/report-table';
import type { ReportPageProps } from '@/features/reports/components/report-page-props';

export function RegionReport({ companyId, search, onSearch, isMobile }: ReportPageProps) {
  const by: RegionGrouping = search.by === 'province' ? 'province' : 'region';
  const base = reportQuery(companyId, search);
  const query = { ...base, group_by: by };
  const answer = useReport<Answer>(reportPaths.regions, query);
  const view = useTableView(companyId, 'report-region');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const data = answer.data?.data;
  const total = data?.rows.reduce((sum, row) => sum + row.revenue, 0) ?? 0;
  const before = data?.rows.reduce((sum, row) => sum + row.prev_revenue, 0) ?? 0;
  const extra = (
    <ChoiceSelect
      label="Xem theo"
      data={[
        { value: 'region', label: 'Khu vực bán hàng' },
        { value: 'province', label: 'Tỉnh/thành' },
      ]}
      value={by}
      onChange={(value) => onSearch({ ...search, by: value === 'province' ? 'province' : undefined })}
      isMobile={isMobile}
      testId="report-group-by"
    />
  );
  return (
    <ReportLayout
      view={view}
      exportQuery={query}
      filters={
        <ReportFilters
          companyId={companyId}
          search={search}
          onSearch={onSearch}
          isMobile={isMobile}
          searchLabel="Tìm khu vực, tỉnh"
          extra={extra}
        />
      }
      fetched={answer.data}
      error={answer.error}
      loading={answer.isPending}
      cards={
        data && (
          <FigureCards>
            <FigureCard label="Doanh thu" value={formatMoney(total)} testId="figure-revenue" />
            <FigureCard
              label="Kỳ trước"
              value={formatMoney(before)}
              hint={`${formatDate(data.previous.from)} – ${formatDate(data.previous.to)}`}
            />
          </FigureCards>
        )
      }
      chart={
        data && (
          <ReportChart
            title="Doanh thu theo nơi giao"
            kind="rank"
            label="Doanh thu"
            money
            data={data.rows
              .filter((row) => row.revenue > 0)
              .slice(0, 12)
              .map((row) => ({ name: row.name, value: row.revenue }))}
          />
        )
      }
      isMobile={isMobile}
      drawer={<DrillDrawer target={drill} query={base} onClose={() => setDrill(null)} />}
    >
      {data && (
        <ReportTable<RegionRow>
          table="report-region"
          rows={data.rows}
          shown={view.columns}
          rowKey={(row) => row.key}
          drill={(row, column) =>
            // "Ngoài các khu vực" gathers provinces of no region: no one key to open.
            ['revenue', 'orders'].includes(column) && row.orders > 0 && !(by === 'region' && row.key === 'none')
              ? { report: 'region', title: `${row.name}: các đơn hàng`, dimension: by, key: row.key, measure: measureOf(column) }
              : null
          }
          onDrill={setDrill}
          isMobile={isMobile}
          empty="Chưa có đơn hàng nào trong kỳ này"
        />
      )}
    </ReportLayout>
  );
}
