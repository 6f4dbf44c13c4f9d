/**
 * The frame every report page shares: the filter, the time the figures were fetched (and, offline,
 * that they come from the device), the headline cards, the chart (loaded on its own), the table with
 * its columns menu, "Xuất Excel" of exactly what the table shows, "In", and the orders behind a
 * figure in a drawer.
 */
import { Alert, Group, Paper, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime } from '@/lib/dates';
import { ExportButton } from '@/ui/list-page/export-button';
import { PrintButton } from '@/ui/print-screen';
import { useCan } from '@/session/access';
import { exportReport, type Fetched, type ReportQuery } from '@/features/reports/api/report-api';
import type { TableView } from '@/features/reports/api/report-views';
import { ReportColumnsMenu } from './report-columns-menu';
import classes from './report-layout.module.css';

type Props = {
  /** The table's view (its columns shown, in order): the columns menu and the export follow it. */
  view: TableView;
  /** The query the table shows (the export sends it, with the report's own choices). */
  exportQuery: ReportQuery;
  filters: ReactNode;
  /** The answer the page shows, for the fetched time and the offline note. */
  fetched: Fetched<unknown> | undefined;
  error: Error | null;
  loading: boolean;
  cards?: ReactNode;
  chart?: ReactNode;
  /** Above the table: tabs, a grouping… */
  tableTitle?: ReactNode;
  children: ReactNode;
  drawer?: ReactNode;
  isMobile: boolean;
};

export function FigureCard({ label, value, hint, testId }: { label: string; value: string; hint?: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function FigureCards({ children }: { children: ReactNode }) {
  return <div className={classes.cards}>{children}</div>;
}

function period(query: ReportQuery): string {
  return query.date_from ? `${formatDate(String(query.date_from))} – ${formatDate(String(query.date_to))}` : '';
}

export function ReportLayout(props: Props) {
  const canExport = useCan('reports', 'export');
  const { fetched } = props;
  return (
    <Stack gap="md">
      <div className={classes.noPrint}>{props.filters}</div>
      {fetched?.fromDevice ? (
        <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} />} data-testid="report-offline">
          Đang ngoại tuyến: số liệu {period(fetched.query)} lấy lúc {formatDateTime(fetched.fetchedAt)}.
        </Alert>
      ) : (
        fetched && (
          <Text size="xs" c="dimmed" data-testid="report-fetched-at">
            Số liệu {period(fetched.query)}, cập nhật lúc {formatDateTime(fetched.fetchedAt)}
          </Text>
        )
      )}
      {props.error && !fetched && (
        <Alert color="red" variant="light" data-testid="report-error">
          {props.error.message}
        </Alert>
      )}
      {props.cards}
      {props.chart}
      <Paper withBorder radius="md" p={props.isMobile ? 'xs' : 'md'}>
        <Stack gap="sm">
          <Group justify="space-between" gap="sm" className={classes.noPrint}>
            <div>{props.tableTitle}</div>
            <Group gap="xs">
              {!props.isMobile && (
                <ReportColumnsMenu
                  table={props.view.table}
                  shown={props.view.columns}
                  onChange={props.view.save}
                  saving={props.view.saving}
                />
              )}
              {canExport && (
                <ExportButton
                  run={async () => `Đã tải về ${await exportReport(props.view.table, props.view.columns, props.exportQuery)}`}
                  failure={(error) => (error instanceof Error && error.message ? error.message : 'Xuất Excel thất bại')}
                  offline={fetched?.fromDevice}
                  iconOnly={props.isMobile}
                  testId="report-export"
                />
              )}
              {!props.isMobile && <PrintButton variant="default" iconSize={16} data-testid="report-print" />}
            </Group>
          </Group>
          {props.loading && !fetched ? <Text c="dimmed">Đang tải số liệu…</Text> : props.children}
        </Stack>
      </Paper>
      {props.drawer}
    </Stack>
  );
}
