/**
 * A report table's view saved per person on the server (table-view/): the columns shown, in the
 * order shown. The table changes at once; a refused save puts the previous view back. Kept on the
 * device like the reports (report-api.ts), so a table offline shows as it was last chosen.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportPaths } from '@contract/reports';
import { defaultReportView, knownReportView, type ReportTable } from '@contract/reports-columns';
import { apiData } from '@/api/client';
import { useReport, type Fetched } from './report-api';

type View = { view: string; columns: string[] };

export function useTableView(companyId: number, table: ReportTable) {
  const client = useQueryClient();
  const query = { company: companyId, view: table };
  const read = useReport<View>(reportPaths.tableView, query);
  const key = ['reports', companyId, reportPaths.tableView, query];
  const save = useMutation({
    mutationFn: (columns: string[]) =>
      apiData<View>(reportPaths.tableView, {
        method: 'PUT',
        body: { company: companyId, view: table, columns },
        redirectOnForbidden: false,
      }),
    onMutate: (columns) => {
      const previous = client.getQueryData<Fetched<View>>(key);
      client.setQueryData<Fetched<View>>(key, {
        data: { view: table, columns },
        fetchedAt: new Date().toISOString(),
        fromDevice: false,
        query,
      });
      return { previous };
    },
    onError: (_error, _columns, context) => client.setQueryData(key, context?.previous),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  return {
    table,
    columns: read.data ? knownReportView(table, read.data.data.columns) : defaultReportView(table),
    save: (columns: string[]) => save.mutate(columns),
    saving: save.isPending,
  };
}

export type TableView = ReturnType<typeof useTableView>;
