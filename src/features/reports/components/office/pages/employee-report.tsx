/**
 * /reports/employee (REPORT-STAFF): per rep their revenue, orders, customers served, visits, strike
 * rate, time in call, SKU per order, average order value, KPI attainment and route compliance (its
 * visit figures open the visits behind them); today and this month at
 * a glance (dashboard-overview: a rep's own figures on the phone); the strike rate per day; each
 * person's KPI month in its own tab. A rep sees only themselves.
 */
import { Badge, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { KPI_METRIC_LABELS, KPI_METRICS } from '@contract/kpi';
import {
  reportPaths,
  type ConversionReport,
  type DashboardOverview,
  type EmployeeKpiReport,
  type StaffReport,
  type StaffRow,
} from '@contract/reports';
import { formatMoney } from '@/lib/money';
import { DataTable, type Column } from '@/ui/list-page/data-table';
import { useReport } from '@/features/reports/api/report-api';
import { useTableView } from '@/features/reports/api/report-views';
import { measureOf, ROUTE_DRILLS, type DrillTarget } from '@/features/reports/model/drill';
import { formatCell } from '@/features/reports/model/report-cells';
import { reportQuery } from '@/features/reports/model/report-query';
import { DrillDrawer } from '../parts/drill-drawer';
import { ReportChart } from '../parts/report-chart';
import { ReportFilters } from '../parts/report-filters';
import { FigureCard, FigureCards, ReportLayout } from '../parts/report-layout';
import { ReportTable } from '../parts/report-table';
import type { ReportPageProps } from '@/features/reports/components/report-page-props';

type KpiRow = EmployeeKpiReport['rows'][number];

const KPI_COLUMNS: Column<KpiRow>[] = [
  {
    key: 'name',
    label: 'Nhân viên',
    cell: (row) => row.name,
    sub: (row) => [row.code, row.region].filter(Boolean).join(' · '),
  },
  ...KPI_METRICS.map((metric): Column<KpiRow> => ({
    key: metric,
    label: KPI_METRIC_LABELS[metric],
    align: 'right',
    nowrap: true,
    cell: (row) => {
      const progress = row.progress.metrics[metric];
      const actual = metric === 'revenue' ? formatMoney(progress.actual) : formatCell('number', progress.actual);
      return (
        <>
          {actual}
          <Text size="xs" c={progress.on_track === false ? 'red' : 'dimmed'}>
            {progress.percent === null ? 'Chưa có chỉ tiêu' : formatCell('percent', progress.percent)}
          </Text>
        </>
      );
    },
  })),
  {
    key: 'score',
    label: 'Điểm KPI',
    align: 'right',
    cell: (row) =>
      row.progress.score === null ? (
        '–'
      ) : (
        <Badge color={row.progress.on_track ? 'teal' : 'orange'}>{formatCell('percent', row.progress.score)}</Badge>
      ),
  },
];

function KpiTable({ data }: { data: EmployeeKpiReport }) {
  return (
    <DataTable
      minWidth={640}
      testId="employee-kpi"
      rowTestId="employee-kpi-row"
      rows={data.rows}
      rowKey={(row) => row.account_id}
      columns={KPI_COLUMNS}
      verticalSpacing="xs"
      hover={false}
    />
  );
}

const ROUTE_DRILL_TITLES = { planned: 'ghé thăm theo tuyến', unplanned: 'ghé thăm ngoài tuyến', flagged: 'check-in cần xem lại' } as const;

export function EmployeeReport({ companyId, search, onSearch, isMobile }: ReportPageProps) {
  const query = reportQuery(companyId, search);
  const staff = useReport<StaffReport>(reportPaths.staff, query);
  const conversion = useReport<ConversionReport>(reportPaths.conversionRate, query);
  const glance = useReport<DashboardOverview>(reportPaths.dashboardOverview, { company: companyId });
  const kpiTab = search.tab === 'kpi';
  const kpi = useReport<EmployeeKpiReport>(reportPaths.employees, query, kpiTab);
  const view = useTableView(companyId, 'report-employee');
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const data = staff.data?.data;
  const today = glance.data?.data;
  return (
    <ReportLayout
      view={view}
      exportQuery={query}
      filters={<ReportFilters companyId={companyId} search={search} onSearch={onSearch} isMobile={isMobile} searchLabel="Tìm nhân viên" />}
      fetched={staff.data}
      error={staff.error}
      loading={staff.isPending}
      cards={
        today && (
          <FigureCards>
            <FigureCard
              label="Doanh thu hôm nay"
              value={formatMoney(today.today.revenue)}
              hint={`${today.today.orders} đơn, ${today.today.visits} lượt ghé`}
              testId="figure-today"
            />
            <FigureCard
              label="Doanh thu tháng này"
              value={formatMoney(today.month.revenue)}
              hint={`Cùng kỳ tháng trước ${formatMoney(today.last_month.revenue)}`}
              testId="figure-month"
            />
            <FigureCard
              label="Đơn hàng tháng này"
              value={formatCell('number', today.month.orders)}
              hint={`Giá trị TB ${formatMoney(today.month.avg_order_value)}`}
            />
            <FigureCard
              label="Ghé thăm có đơn (tháng)"
              value={formatCell('percent', today.month.strike_rate)}
              hint={`${today.month.visits} lượt ghé thăm`}
            />
          </FigureCards>
        )
      }
      chart={
        conversion.data && (
          <ReportChart
            title={`Tỷ lệ ghé thăm có đơn theo ngày (${formatCell('percent', conversion.data.data.strike_rate)})`}
            kind="rate"
            label="Tỷ lệ có đơn"
            data={conversion.data.data.days.map((day) => ({
              day: `${day.day.slice(8, 10)}/${day.day.slice(5, 7)}`,
              rate: day.strike_rate ?? 0,
            }))}
          />
        )
      }
      tableTitle={
        <SegmentedControl
          value={kpiTab ? 'kpi' : 'sales'}
          onChange={(value) => onSearch({ ...search, tab: value === 'kpi' ? 'kpi' : undefined })}
          data={[
            { value: 'sales', label: 'Bán hàng' },
            { value: 'kpi', label: `KPI tháng ${(data?.kpi_month ?? query.date_to ?? '').toString().slice(5, 7)}` },
          ]}
          data-testid="employee-tab"
        />
      }
      isMobile={isMobile}
      drawer={<DrillDrawer target={drill} query={query} onClose={() => setDrill(null)} />}
    >
      {kpiTab
        ? kpi.data && <KpiTable data={kpi.data.data} />
        : data && (
            <ReportTable<StaffRow>
              table="report-employee"
              rows={data.rows}
              shown={view.columns}
              rowKey={(row) => String(row.account_id)}
              drill={(row, column) => {
                const visits = ROUTE_DRILLS[column];
                if (visits)
                  return {
                    report: 'employee',
                    title: `${row.name}: ${ROUTE_DRILL_TITLES[visits]}`,
                    measure: 'all',
                    visits: { account: row.account_id, kind: visits },
                  };
                return ['revenue', 'orders', 'customers'].includes(column) && row.orders > 0
                  ? {
                      report: 'employee',
                      title: `${row.name}: các đơn hàng`,
                      dimension: 'staff',
                      key: String(row.account_id),
                      measure: measureOf(column),
                    }
                  : null;
              }}
              onDrill={setDrill}
              isMobile={isMobile}
              empty="Chưa có nhân viên nào có số liệu trong kỳ này"
            />
          )}
    </ReportLayout>
  );
}
