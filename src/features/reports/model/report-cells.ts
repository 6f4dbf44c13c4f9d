/** A report cell as people read it, by its column's kind (contract/reports-columns.ts): 1.234.567 ₫, 12,5 %, DD/MM/YYYY. */
import type { CellKind } from '@contract/reports-columns';
import { formatDate } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';

export function formatCell(kind: CellKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return kind === 'text' ? '' : '–';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'number':
      return formatNumber(Number(value), 0);
    case 'decimal':
      return formatNumber(Number(value), 1);
    case 'percent':
      return `${formatNumber(Number(value), 1)} %`;
    case 'day':
      return formatDate(String(value));
    case 'yesno':
      return value ? 'Có' : 'Không';
    case 'text':
      return String(value);
  }
}

/** Numbers sit right in a table; text sits left. */
export const alignRight = (kind: CellKind) => kind !== 'text' && kind !== 'day' && kind !== 'yesno';
