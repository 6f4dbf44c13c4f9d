/**
 * The credit check in the cart, on the phone too (contract/receivables-ledger.ts creditVerdict, the
 * rule the server runs again when the order arrives): the customer's balance and limits and the
 * rep's own as last pulled, plus the orders this device queued and the server has not counted, plus
 * this order. Over a limit the company's policy decides: "block" stops "Gửi đơn" with the reason,
 * "warn" says it and the order goes with its warning. Tells the cart its verdict.
 */
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { formatMoney } from '@contract/money';
import { vietnamDay } from '@contract/price-policy';
import { standingOf } from '@contract/receivables';
import { creditVerdict, type CreditStanding, type CreditVerdict } from '@contract/receivables-ledger';
import type { AppDb } from '@/db/app-db';
import { useDeviceReceivable, useDeviceRepCredit, useUnsentOrderTotal } from '../api/receivable-device';

type Props = {
  db: AppDb;
  companyId: number;
  accountId: number;
  accountName: string;
  customerId: string;
  customerName: string;
  total: number;
  onVerdict: (verdict: CreditVerdict) => void;
};

export function CartCreditNotice({ db, companyId, accountId, accountName, customerId, customerName, total, onVerdict }: Props) {
  const customer = useDeviceReceivable(db, customerId);
  const rep = useDeviceRepCredit(db, accountId);
  const unsentHere = useUnsentOrderTotal(db, companyId, customerId);
  const unsentMine = useUnsentOrderTotal(db, companyId, null);
  const ready = customer !== undefined && rep !== undefined && unsentHere !== undefined && unsentMine !== undefined;
  const verdict = useMemo((): CreditVerdict | null => {
    if (!ready) return null;
    const today = vietnamDay();
    const standings: CreditStanding[] = [standingOf(customer, `Khách hàng ${customerName}`, today, unsentHere)];
    if (rep) standings.push(standingOf(rep, `Nhân viên ${accountName}`, today, unsentMine));
    return creditVerdict(customer?.policy ?? rep?.policy ?? 'allow', total, standings);
  }, [ready, customer, rep, unsentHere, unsentMine, customerName, accountName, total]);

  useEffect(() => {
    if (verdict) onVerdict(verdict);
  }, [verdict, onVerdict]);

  if (!verdict) return null;
  if (verdict.decision === 'ok')
    return customer && customer.balance !== 0 ? (
      <Text size="sm" c="dimmed" data-testid="credit-standing">
        Dư nợ {formatMoney(customer.balance)}
        {customer.credit_limit === null ? '' : ` · hạn mức ${formatMoney(customer.credit_limit)}`}
      </Text>
    ) : null;
  const blocked = verdict.decision === 'block';
  return (
    <Alert
      color={blocked ? 'red' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={blocked ? 'Không thể đặt hàng: vượt hạn mức công nợ' : 'Cảnh báo công nợ'}
      data-testid="credit-notice"
      data-decision={verdict.decision}
    >
      {verdict.reasons.join('. ')}.
      {blocked ? ' Thu tiền của khách hàng hoặc liên hệ kế toán để nâng hạn mức.' : ' Đơn vẫn gửi được, kèm cảnh báo này.'}
    </Alert>
  );
}
