/**
 * A list table's columns chosen by this person and kept on the server per company and account (the
 * spec's order-table and customer-table views; server/kernel/table-views.ts): the defaults until the
 * server answers, the choice shown at once when changed, and the previous one back if the save is
 * refused. Saved columns the table no longer has are dropped; none left means the defaults.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '@/api/client';

export function knownColumns<K extends string>(all: readonly K[], defaults: readonly K[], saved: readonly string[] | undefined): K[] {
  const kept = (saved ?? []).filter((column): column is K => (all as readonly string[]).includes(column));
  return kept.length > 0 ? kept : [...defaults];
}

export function useServerColumns<K extends string>(options: {
  path: string;
  companyId: number;
  queryKey: readonly unknown[];
  all: readonly K[];
  defaults: readonly K[];
}) {
  const { path, companyId, queryKey, all, defaults } = options;
  const client = useQueryClient();
  const query = useQuery({
    queryKey,
    enabled: companyId > 0,
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async () =>
      knownColumns(all, defaults, (await apiData<{ columns: string[] }>(path, { query: { company: companyId } })).columns),
  });
  const save = useMutation({
    mutationFn: (columns: K[]) =>
      apiData<{ columns: string[] }>(path, { method: 'PUT', body: { company: companyId, columns }, redirectOnForbidden: false }),
    onMutate: (columns) => {
      const previous = client.getQueryData<K[]>(queryKey);
      client.setQueryData(queryKey, columns);
      return { previous };
    },
    onError: (_error, _columns, context) => client.setQueryData(queryKey, context?.previous),
    onSuccess: (answer) => client.setQueryData(queryKey, knownColumns(all, defaults, answer.columns)),
  });
  return { columns: query.data ?? [...defaults], loading: query.isPending, save };
}
