/**
 * The same error on several invoices of one buyer in one month (NĐ 70/2025): one adjusting invoice
 * with a list (bảng kê Mẫu 01/BK-ĐCTT). The buyer's other published invoices the contract's
 * listRefusal lets on the list, to tick; what is ticked is sent as `listed`. With a list, the lines
 * cannot be taken from one original's lines (listedLinesProblem): the dialog hides those ways.
 */
import { Checkbox, Stack, Text } from '@mantine/core';
import { INVOICE_CORRECTION_RULES, listRefusal } from '@contract/invoices-corrections';
import type { InvoiceRecord } from '@contract/invoices';
import { apiErrorMessage } from '@/api/api-error';
import { formatDate } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { useBuyerIssuedInvoices } from '@/features/invoices/api/invoice-api';

type Props = {
  companyId: number;
  invoice: InvoiceRecord;
  value: string[];
  onChange: (listed: string[]) => void;
  /** The server's refusal of the list. */
  error?: string;
};

const MAX_LISTED = INVOICE_CORRECTION_RULES.oneForSeveral.maxInvoices;

export const LISTED_WAYS_NOTE =
  'Điều chỉnh nhiều hóa đơn: không lập theo hàng trả lại hay dòng của hóa đơn gốc; nhập chiết khấu thương mại hoặc các dòng điều chỉnh (tên hàng, số lượng, đơn giá).';

/** The buyer's other invoices of the month the list may take. */
function useCandidates(companyId: number, invoice: InvoiceRecord) {
  const query = useBuyerIssuedInvoices(companyId, invoice.customer_id, invoice.issued_on);
  const candidates = (query.data ?? []).filter((other) => listRefusal(invoice, other) === null);
  return { candidates, pending: query.isPending && query.fetchStatus !== 'idle', error: query.error };
}

export function AdjustListedField({ companyId, invoice, value, onChange, error: refused }: Props) {
  const { candidates, pending, error } = useCandidates(companyId, invoice);
  const title = 'Cùng sai sót ở hóa đơn khác của người mua trong tháng (bảng kê Mẫu 01/BK-ĐCTT)';
  const description = `${INVOICE_CORRECTION_RULES.oneForSeveral.text} (tối đa ${MAX_LISTED} hóa đơn).`;
  if (pending || error || candidates.length === 0) {
    return (
      <Stack gap={4} data-testid="adjust-listed">
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <Text size="sm" c={error ? 'red' : 'dimmed'} data-testid="adjust-listed-empty">
          {pending
            ? 'Đang tìm hóa đơn khác của người mua…'
            : error
              ? apiErrorMessage(error, 'Không tải được hóa đơn khác của người mua')
              : 'Không có hóa đơn nào khác của người mua trong tháng'}
        </Text>
      </Stack>
    );
  }
  return (
    <Checkbox.Group label={title} description={description} value={value} onChange={onChange} error={refused} data-testid="adjust-listed">
      <Stack gap={6} mt="xs">
        {candidates.map((other) => (
          <Checkbox
            key={other.id}
            value={other.id}
            label={`Số ${other.number ?? '—'} · ngày ${formatDate(other.issued_on)} · ${formatMoney(other.total)}`}
            disabled={!value.includes(other.id) && value.length >= MAX_LISTED}
            data-testid={`adjust-listed-${other.number}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
