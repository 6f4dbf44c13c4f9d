/**
 * Goods the warehouse took back on return receipts (phiếu nhập trả) that no decrease adjusted yet:
 * while the person has not typed the returned quantities, they are filled from the receipts, and a
 * line above the quantities names the receipts, with a button to fill them again after changes.
 * Nothing returned, or the read failing, shows nothing and fills nothing.
 */
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceReturns } from '@contract/invoices-corrections';
import type { InvoiceRecord } from '@contract/invoices';
import { formatDate } from '@/lib/dates';
import { useInvoiceReturns } from '@/features/invoices/api/invoice-api';

type Returned = Record<number, string>;

/** The returned quantities as the form holds them: by the original's line number, as typed. */
export const returnedOf = (returns: InvoiceReturns): Returned =>
  Object.fromEntries(returns.lines.map((line) => [line.line_no, String(line.quantity)]));

/** Whether the typed quantities say what the receipts say (blank and 0 alike). */
function sameAsReceipts(returned: Returned, returns: InvoiceReturns): boolean {
  const typed = new Map(Object.entries(returned).map(([line, quantity]) => [Number(line), Number(quantity || 0)]));
  const wanted = new Map(returns.lines.map((line) => [line.line_no, line.quantity]));
  const lines = new Set([...typed.keys(), ...wanted.keys()]);
  return [...lines].every((line) => (typed.get(line) ?? 0) === (wanted.get(line) ?? 0));
}

export type ReturnsFill = {
  /** The receipts' answer when it has lines, else null. */
  returns: InvoiceReturns | null;
  /** The person typed a quantity: the receipts no longer fill them by themselves. */
  touched: () => void;
  /** Fills the quantities from the receipts again. */
  fill: () => void;
};

/**
 * Reads the receipts of the published invoice and fills `setReturned` with them on each new answer
 * until the person types a quantity (kind and way are left as they are: a decrease for goods given back).
 */
export function useReturnsFill(companyId: number, invoice: InvoiceRecord, setReturned: (returned: Returned) => void): ReturnsFill {
  const { data } = useInvoiceReturns(companyId, invoice.id, invoice.status === 'issued');
  const returns = data && data.lines.length > 0 ? data : null;
  const [filled, setFilled] = useState<InvoiceReturns | null>(null);
  const [typed, setTyped] = useState(false);
  if (returns && returns !== filled && !typed) {
    setFilled(returns);
    setReturned(returnedOf(returns));
  }
  return {
    returns,
    touched: () => setTyped(true),
    fill: () => {
      if (!returns) return;
      setTyped(false);
      setFilled(returns);
      setReturned(returnedOf(returns));
    },
  };
}

/** "PN000012 (03/12/2026), PN000013 (04/12/2026)". */
const receiptsText = (returns: InvoiceReturns) =>
  returns.receipts.map((receipt) => `${receipt.code} (${formatDate(receipt.document_date)})`).join(', ');

/** The line above the returned quantities; nothing without goods returned. */
export function AdjustReturnsNote({ fill, returned }: { fill: ReturnsFill; returned: Returned }) {
  const { returns } = fill;
  if (!returns) return null;
  const same = sameAsReceipts(returned, returns);
  const receipts = receiptsText(returns);
  return (
    <Group gap="sm" justify="space-between" wrap="wrap">
      <Text size="sm" data-testid="adjust-returns-note">
        {receipts ? `Theo phiếu nhập trả ${receipts}: ` : 'Theo phiếu nhập trả: '}
        {same ? 'đã điền số lượng hàng trả lại.' : 'số lượng hàng trả lại đang khác phiếu.'}
      </Text>
      <Button size="xs" variant="light" onClick={fill.fill} data-testid="adjust-fill-returns">
        Điền theo phiếu nhập trả
      </Button>
    </Group>
  );
}
