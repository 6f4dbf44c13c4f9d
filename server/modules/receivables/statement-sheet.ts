/**
 * The debt-confirmation statement (ledger-read.ts statementOf) as Excel, for an accountant who
 * reconciles it against the customer's books: one table, so the header's filter and Excel's sums
 * work on it. It opens with the opening balance on the period's first day, then every movement (its
 * day a date cell, the increase and decrease as numbers, the running balance), and closes with the
 * closing balance on the period's last day. The customer's code and name stand on every row, so a
 * filtered or copied row still says whose it is. The goods sold stay on the printed sheet.
 */
import { LEDGER_KIND_LABELS } from '@contract/receivables-ledger';
import { statementSheetFileName, type StatementRecord } from '@contract/receivables';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';

export const STATEMENT_SHEET_NAME = 'Đối chiếu công nợ';

const COLUMNS: SheetColumn[] = [
  { header: 'Mã khách hàng', key: 'customerCode', width: 14 },
  { header: 'Khách hàng', key: 'customerName', width: 30 },
  { header: 'Ngày', key: 'day', width: 12, date: 'day' },
  { header: 'Chứng từ', key: 'document', width: 14 },
  { header: 'Loại', key: 'kind', width: 14 },
  { header: 'Diễn giải', key: 'description', width: 36 },
  { header: 'Phát sinh tăng', key: 'increase', width: 16, money: true },
  { header: 'Phát sinh giảm', key: 'decrease', width: 16, money: true },
  { header: 'Số dư', key: 'balance', width: 16, money: true },
];

/**
 * The rows: opening, movements, closing. The opening and closing rows leave the increase and
 * decrease empty, so summing those columns gives the period's movements alone.
 */
export function statementSheetRows(statement: StatementRecord): Record<string, unknown>[] {
  const who = { customerCode: statement.customer.code, customerName: statement.customer.name };
  let balance = statement.opening;
  const movements = statement.lines.map((line) => {
    balance += line.increase - line.decrease;
    return {
      ...who,
      day: excelDay(line.day),
      document: line.document ?? '',
      kind: LEDGER_KIND_LABELS[line.kind],
      description: line.description,
      increase: line.increase,
      decrease: line.decrease,
      balance,
    };
  });
  return [
    { ...who, day: excelDay(statement.date_from), description: 'Công nợ đầu kỳ', balance: statement.opening },
    ...movements,
    // The statement's own closing (statementTotals), which the running balance reaches.
    { ...who, day: excelDay(statement.date_to), description: 'Công nợ cuối kỳ', balance: statement.closing },
  ];
}

export function statementSheetResponse(statement: StatementRecord, onError: (error: unknown) => void): Response {
  const rows = statementSheetRows(statement);
  return xlsxResponse(
    statementSheetFileName(statement.customer.code, statement.date_from, statement.date_to),
    STATEMENT_SHEET_NAME,
    COLUMNS,
    async function* () {
      yield* rows;
    },
    onError,
  );
}
