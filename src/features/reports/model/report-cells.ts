/** A report cell as people read it, by its column's kind (contract/reports-columns.ts): 1.234.567 ₫, 12,5 %, DD/MM/YYYY. */
import type { CellKind } from '@contract/reports-columns';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';

const count = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 1 });

export function formatCell(kind: CellKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return kind === 'text' ? '' : '–';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'number':
      return count.format(Number(value));
    case 'decimal':
      return oneDecimal.format(Number(value));
    case 'percent':
      return `${oneDecimal.format(Number(value))} %`;
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
