/**
 * /reports/customer (REPORT-CUSTOMER): the period's buyers (revenue, orders, first and last order,
 * new or returning), or the customers with no order for 30, 60 or 90 days; and per customer group or
 * level: customers, buyers, new and returning buyers, revenue and orders. Paged on the server.
 */
import { SegmentedControl } from '@mantine/core';
import { useState } from 'react';
import { reportPaths, type CustomerReport as Answer, type CustomerRow, type CustomerTypeRow } from '@contract/reports';
import { ListPager } from '@/ui/list-pager';
import { useReport } from '@/features/reports/api/report-api';
import { useTableView } from '@/features/reports/api/report-views';
import { measureOf, type DrillTarget } from '@/features/reports/model/drill';
import { reportQuery } from '@/features/reports/model/report-query';
import { ChoiceSelect } from '../parts/choice-select';
import { DrillDrawer } from '../parts/drill-drawer';
import { ReportChart } from '../parts/report-chart';
import { ReportFilters } from '../parts/report-filters';
import { ReportLayout } from '../parts/report-layout';
import { ReportTable } from '../parts/report-table';
import type { ReportPageProps } from '@/features/reports/components/report-page-props';

const LIMIT = 20;
const IDLE = [30, 60, 90];

export function CustomerReport({ companyId, search, onSearch, isMobile }: ReportPageProps) {
  const groups = search.tab === 'groups';
  const by = search.by === 'level' ? 'level' : 'type';
  const base = reportQuery(companyId, search);
  const customersQuery = { ...base, inactive_days: search.idle, sort: search.sort, order: search.order };
  const groupsQuery = { ...base, group_by: by };
  const customers = useReport<Answer>(reportPaths.customers, { ...customersQuery, page: search.page ?? 1, limit: LIMIT }, !groups);
  const types = useReport<CustomerTypeRow[]>(reportPaths.customerTypes, groupsQuery, groups);
  const table = groups ? 'report-customer-types' : 'report-customer';
  const view = useTableView(companyId, table);
  const [drill, setDrill] = useState<DrillTarget | null>(null);
  const answer = groups ? types : customers;
  const extra = !groups ? (
    <ChoiceSelect
      label="Khách hàng"
      data={[{ value: '', label: 'Có mua trong kỳ' }, ...IDLE.map((days) => ({ value: String(days), label: `Chưa mua ${days} ngày` }))]}
      value={search.idle ? String(search.idle) : ''}
      onChange={(value) => onSearch({ ...search, idle: value ? Number(value) : undefined, page: undefined })}
      isMobile={isMobile}
      testId="report-idle"
    />
  ) : (
    <ChoiceSelect
      label="Xem theo"
      data={[
        { value: 'type', label: 'Nhóm khách hàng' },
        { value: 'level', label: 'Cấp độ' },
      ]}
      value={by}
      onChange={(value) => onSearch({ ...search, by: value === 'level' ? 'level' : undefined })}
      isMobile={isMobile}
      testId="report-group-by"
    />
  );
  const customerData = customers.data?.data;
  const typeData = types.data?.data;
  return (
    <ReportLayout
      view={view}
      exportQuery={groups ? groupsQuery : customersQuery}
      filters={
        <ReportFilters
          companyId={companyId}
          search={search}
          onSearch={onSearch}
          isMobile={isMobile}
          searchLabel={groups ? 'Tìm nhóm' : 'Tìm khách hàng'}
          extra={extra}
        />
      }
      fetched={answer.data}
      error={answer.error}
      loading={answer.isPending}
      chart={
        groups
          ? typeData && (
              <ReportChart
                title="Doanh thu theo nhóm"
                kind="rank"
                label="Doanh thu"
                money
                data={typeData.filter((row) => row.revenue > 0).map((row) => ({ name: row.name, value: row.revenue }))}
              />
            )
          : customerData &&
            !search.idle && (
              <ReportChart
                title="Khách hàng mua nhiều nhất"
                kind="rank"
                label="Doanh thu"
                money
                data={customerData.rows.slice(0, 10).map((row) => ({ name: row.name, value: row.revenue }))}
              />
            )
      }
      tableTitle={
        <SegmentedControl
          value={groups ? 'groups' : 'customers'}
          onChange={(value) => onSearch({ ...search, tab: value === 'groups' ? 'groups' : undefined, page: undefined, by: undefined })}
          data={[
            { value: 'customers', label: 'Khách hàng' },
            { value: 'groups', label: 'Nhóm, cấp độ' },
          ]}
          data-testid="customer-tab"
        />
      }
      isMobile={isMobile}
      drawer={<DrillDrawer target={drill} query={base} onClose={() => setDrill(null)} />}
    >
      {groups
        ? typeData && (
            <ReportTable<CustomerTypeRow>
              table="report-customer-types"
              rows={typeData}
              shown={view.columns}
              rowKey={(row) => row.key}
              drill={(row, column) =>
                ['revenue', 'orders'].includes(column) && row.orders > 0
                  ? {
                      report: 'customer',
                      title: `${row.name}: các đơn hàng`,
                      dimension: by === 'level' ? 'level' : 'customer_type',
                      key: row.key,
                      measure: measureOf(column),
                    }
                  : null
              }
              onDrill={setDrill}
              isMobile={isMobile}
              empty="Chưa có nhóm khách hàng nào"
            />
          )
        : customerData && (
            <>
              <ReportTable<CustomerRow>
                table="report-customer"
                rows={customerData.rows}
                shown={view.columns}
                rowKey={(row) => row.customer_id}
                drill={(row, column) =>
                  ['revenue', 'orders'].includes(column) && row.orders > 0
                    ? {
                        report: 'customer',
                        title: `${row.name}: các đơn hàng`,
                        dimension: 'customer',
                        key: row.customer_id,
                        measure: measureOf(column),
                      }
                    : null
                }
                onDrill={setDrill}
                isMobile={isMobile}
                empty={search.idle ? `Không có khách hàng nào chưa mua ${search.idle} ngày` : 'Chưa có khách hàng nào mua trong kỳ này'}
              />
              <ListPager
                page={search.page ?? 1}
                limit={LIMIT}
                count={customerData.count}
                noun="khách hàng"
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
