/**
 * The printed receipt (phiếu thu, after Mẫu 01-TT): who paid, for what, how much in figures and in
 * words, how, who collected it and whether the cashier has confirmed it, with signatures. A rep
 * prints it at the pharmacy from the device's copy (offline too); the office from the server's.
 */
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS, receivablePaths, type PaymentRecord } from '@contract/receivables';
import { paymentReferenceText } from '@contract/payment-reference';
import { apiData } from '@/api/client';
import type { AppDb } from '@/db/app-db';
import { amountInWords } from '@contract/amount-in-words';
import { documentDate, formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { LoadingBlock } from '@/ui/loading-block';
import { PrintScreen } from '@/ui/print-screen';
import { receivableKeys } from '../api/receivable-api';
import { useDevicePayment } from '../api/receivable-device';
import classes from './receipt.module.css';

type Props = { db: AppDb; companyId: number; companyTitle: string; id: string; onBack: () => void };

function reasonOf(payment: PaymentRecord): string {
  if (payment.order_code) return `Thanh toán đơn hàng ${payment.order_code}`;
  if (payment.allocations.length > 0)
    return `Thanh toán công nợ (${payment.allocations
      .map((entry) => entry.order_code ?? '')
      .filter(Boolean)
      .join(', ')})`;
  return 'Thanh toán công nợ';
}

export function ReceiptSheet({ payment, companyTitle }: { payment: PaymentRecord; companyTitle: string }) {
  return (
    <>
      <div className={classes.header}>
        <div className={classes.company}>{companyTitle}</div>
        <div style={{ textAlign: 'right' }}>
          <div>Mẫu số 01-TT</div>
          <div>
            Số: <b data-testid="receipt-code">{payment.code ?? 'Chưa có số (chờ đồng bộ)'}</b>
          </div>
        </div>
      </div>
      <div className={classes.title}>PHIẾU THU</div>
      <div className={classes.subtitle}>{documentDate(payment.collected_at)}</div>
      <dl className={classes.info}>
        <dt>Người nộp tiền:</dt>
        <dd data-testid="receipt-customer">
          {payment.customer_name} ({payment.customer_code})
        </dd>
        <dt>Địa chỉ:</dt>
        <dd>{payment.customer_address || '—'}</dd>
        <dt>Lý do nộp:</dt>
        <dd>{reasonOf(payment)}</dd>
        <dt>Số tiền:</dt>
        <dd>
          <b data-testid="receipt-amount">{formatMoney(payment.amount)}</b>
        </dd>
        <dt>Bằng chữ:</dt>
        <dd>
          <i>{amountInWords(payment.amount, { capitalize: true })}</i>
        </dd>
        <dt>Hình thức:</dt>
        <dd>
          {PAYMENT_METHOD_LABELS[payment.method]}
          {paymentReferenceText(payment.reference) && ` (mã giao dịch ${paymentReferenceText(payment.reference)})`}
        </dd>
        <dt>Người thu:</dt>
        <dd>
          {payment.collected_by_name ?? '—'}, {formatDateTime(payment.collected_at)}
        </dd>
        <dt>Trạng thái:</dt>
        <dd data-testid="receipt-state">
          {PAYMENT_STATE_LABELS[payment.state]}
          {payment.confirmed_by_name ? ` (${payment.confirmed_by_name}, ${formatDateTime(payment.confirmed_at)})` : ''}
        </dd>
        {payment.note && (
          <>
            <dt>Ghi chú:</dt>
            <dd>{payment.note}</dd>
          </>
        )}
      </dl>
      <div className={classes.signatures}>
        <div>
          <b>Người nộp tiền</b>
          <i>(Ký, họ tên)</i>
        </div>
        <div>
          <b>Người thu tiền</b>
          <i>(Ký, họ tên)</i>
          <div>{payment.collected_by_name}</div>
        </div>
        <div>
          <b>Thủ quỹ</b>
          <i>(Ký, họ tên)</i>
        </div>
      </div>
    </>
  );
}

export function PaymentReceiptView({ db, companyId, companyTitle, id, onBack }: Props) {
  const device = useDevicePayment(db, id);
  const server = useQuery({
    queryKey: receivableKeys.of(companyId, 'payment', id),
    queryFn: () => apiData<PaymentRecord>(receivablePaths.payment(id), { query: { company: companyId }, redirectOnForbidden: false }),
    enabled: device === null,
    retry: false,
  });
  const payment = device ?? server.data ?? null;

  return (
    <PrintScreen
      page="@page { size: A5 portrait; margin: 8mm; }"
      title={payment ? `Phiếu thu ${payment.code ?? ''} – ${payment.customer_name}` : null}
      onBack={onBack}
      ready={!!payment}
    >
      {device === undefined || (device === null && server.isPending) ? (
        <LoadingBlock />
      ) : !payment ? (
        <Alert color="red" maw={480} mx="auto">
          {server.error?.message ?? 'Không tìm thấy phiếu thu'}
        </Alert>
      ) : (
        <>
          {device && device.syncState !== 'synced' && (
            <Text size="sm" c="dimmed" ta="center" mb="xs">
              Phiếu thu chưa đồng bộ: số phiếu có khi lên máy chủ.
            </Text>
          )}
          <article
            className={classes.sheet}
            style={{ width: '148mm' }}
            // Scrolled sideways on a phone: the keyboard must reach it too (WCAG 2.1.1).
            tabIndex={0}
            aria-label="Phiếu thu"
            data-testid="receipt-sheet"
          >
            <ReceiptSheet payment={payment} companyTitle={companyTitle} />
          </article>
        </>
      )}
    </PrintScreen>
  );
}
