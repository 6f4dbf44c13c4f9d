/**
 * The close-out report printed for the authority (/recall/print/{id}): outside the app layout, a
 * toolbar the print stylesheet hides, and on A4 the decision, level and deadline, every customer
 * and lot with shipped, returned and still out, the notices, the close note and the signatures.
 */
import { Alert } from '@mantine/core';
import { RECALL_STATUS_LABELS } from '@contract/pharma-recalls';
import { formatDate, formatDateTime } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { LoadingBlock } from '@/ui/loading-block';
import { PrintScreen } from '@/ui/print-screen';
import { useRecall } from '../api/recall-api';
import { customerStanding } from '../model/recall-search';
import sheet from '@/ui/print-sheet.module.css';
import classes from './recall-print.module.css';

type Props = { companyId: number; companyName: string; id: number; onBack: () => void };

export function RecallPrintView({ companyId, companyName, id, onBack }: Props) {
  const recall = useRecall(companyId, id);
  const data = recall.data;
  const units = new Map((data?.lots ?? []).map((lot) => [lot.lot_id, lot.base_unit]));
  // One numbered line per customer and lot, flattened before rendering.
  const lines = (data?.customers ?? []).flatMap((customer) => customer.lots.map((lot) => ({ customer, lot })));
  return (
    <PrintScreen
      page="@page { size: A4 portrait; margin: 12mm 10mm; }"
      title={data ? `Báo cáo thu hồi ${data.code}` : null}
      onBack={onBack}
      ready={!!data}
    >
      {recall.isPending ? (
        <LoadingBlock />
      ) : !data ? (
        <Alert color="red" maw={480} mx="auto">
          {recall.error?.message ?? 'Không tìm thấy đợt thu hồi'}
        </Alert>
      ) : (
        <article className={classes.sheet} data-testid="print-sheet" data-kind="recall">
          <div>{companyName}</div>
          <div className={classes.title}>BÁO CÁO KẾT QUẢ THU HỒI THUỐC</div>
          <p>
            Đợt {data.code} ({RECALL_STATUS_LABELS[data.status]}) · Quyết định số {data.decision_number} ngày{' '}
            {formatDate(data.decision_date)} · {data.level_rule.label} · Hạn hoàn thành {formatDate(data.deadline)}
            <br />
            Thuốc: {data.product_name}
            {data.registration_number ? ` (SĐK ${data.registration_number})` : ''} · Lô: {data.lot_nos.join(', ')}
            <br />
            Lý do: {data.reason}
            <br />
            Căn cứ: {data.level_rule.source}
          </p>
          <table className={sheet.lines}>
            <thead>
              <tr>
                <th>STT</th>
                <th>Khách hàng</th>
                <th>Số lô</th>
                <th>Đã giao</th>
                <th>Đã thu hồi</th>
                <th>Còn lại</th>
                <th>Tình trạng</th>
              </tr>
            </thead>
            <tbody>
              {lines.map(({ customer, lot }, index) => {
                const unit = units.get(lot.lot_id) ?? '';
                return (
                  <tr key={`${customer.customer_id}-${lot.lot_id}`}>
                    <td className={sheet.num}>{index + 1}</td>
                    <td>
                      {customer.customer_name}
                      {customer.customer_phone ? ` · ${customer.customer_phone}` : ''}
                    </td>
                    <td>{lot.lot_no}</td>
                    <td className={sheet.num}>
                      {formatNumber(lot.shipped)} {unit}
                    </td>
                    <td className={sheet.num}>{formatNumber(lot.returned)}</td>
                    <td className={sheet.num}>{formatNumber(Math.max(0, lot.shipped - lot.returned))}</td>
                    <td>{customerStanding({ ...lot, overdue: customer.overdue }).label}</td>
                  </tr>
                );
              })}
              <tr>
                <td colSpan={3}>
                  <b>Cộng</b>
                </td>
                <td className={sheet.num}>{formatNumber(data.shipped)}</td>
                <td className={sheet.num}>{formatNumber(data.returned)}</td>
                <td className={sheet.num}>{formatNumber(Math.max(0, data.shipped - data.returned))}</td>
                <td />
              </tr>
            </tbody>
          </table>
          {data.other_recipients.length > 0 && (
            <p>
              Xuất kho không theo đơn hàng:{' '}
              {data.other_recipients
                .map((other) => `${other.receipt_code} (${other.partner_name ?? '—'}, lô ${other.lot_no}, ${formatNumber(other.quantity)})`)
                .join('; ')}
            </p>
          )}
          <p>
            Thông báo: {data.notices.filter((notice) => notice.status !== 'not_sent').length} đã gửi,{' '}
            {data.notices.filter((notice) => notice.status === 'not_sent').length} chưa gửi (lý do ghi trong báo cáo Excel).
          </p>
          {data.status === 'closed' && (
            <p>
              Đóng đợt lúc {formatDateTime(data.closed_at)} bởi {data.closed_by_name}
              {data.close_note ? `: ${data.close_note}` : ''}
            </p>
          )}
          <div className={classes.signatures}>
            <div>
              <b>Người lập</b>
              <i>(Ký, họ tên)</i>
            </div>
            <div>
              <b>Phụ trách chuyên môn</b>
              <i>(Ký, họ tên)</i>
            </div>
            <div>
              <b>Giám đốc</b>
              <i>(Ký, họ tên, đóng dấu)</i>
            </div>
          </div>
        </article>
      )}
    </PrintScreen>
  );
}
