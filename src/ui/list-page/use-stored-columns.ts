/**
 * A table's column choice kept on this device for the signed-in person in the open company, as
 * the order list keeps its choice on the server per company and account: another person, or the
 * same person in another company, starts from the table's defaults. Kept in local storage, which
 * signing out clears (session-store.ts), so a shared device does not carry one person's choice to
 * the next. Unknown or empty saved values (a column since removed) fall back to the defaults.
 */
import { useState } from 'react';
import { useSession } from '@/session/session-store';

export const columnsKey = (table: string, companyId: number, accountId: number) => `columns:${table}:${companyId}:${accountId}`;

function read<K extends string>(key: string, columns: readonly K[]): K[] | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!Array.isArray(saved)) return null;
    const shown = columns.filter((column) => saved.includes(column));
    return shown.length > 0 ? shown : null;
  } catch {
    return null;
  }
}

export function useStoredColumns<K extends string>(
  table: string,
  columns: readonly K[],
  defaults: readonly K[] = columns,
): { shown: readonly K[]; save: (shown: K[]) => void } {
  const { company, account } = useSession();
  const key = columnsKey(table, company?.id ?? 0, account?.id ?? 0);
  const [state, setState] = useState(() => ({ key, shown: read(key, columns) ?? defaults }));
  // Another company or person opened in the same screen: their own choice.
  if (state.key !== key) setState({ key, shown: read(key, columns) ?? defaults });
  return {
    shown: state.shown,
    save: (shown) => {
      localStorage.setItem(key, JSON.stringify(shown));
      setState({ key, shown });
    },
  };
}
