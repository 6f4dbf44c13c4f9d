/**
 * The print view of an order (docs/vietnam.md "Printing": HTML/CSS print, @page per format):
 * an invoice-style sheet on A4 or A5 (company, code, date, customer, lines, totals, "Bằng chữ",
 * signatures) or an 80 mm receipt. Once the goods left, each line carries its registration number,
 * national drug code, lots and expiry, and a QR the pharmacy's software imports
 * (order-print-pharmacy.tsx). It renders outside the app layout: no header on paper, and the
 * toolbar (format, "In", back) is hidden by the print stylesheet. "In" opens the browser's dialog.
 */
import { Alert, SegmentedControl, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderRecord } from '@contract/orders';
import type { PharmacyFileAnswer, PrintLineFacts } from '@contract/pharma-delivery-file';
import type { AppDb } from '@/db/app-db';
import { documentDate, formatDate, formatDateTime } from '@/lib/dates';
import { formatMoney, formatNumber } from '@/lib/money';
import { useOrderDetail } from '../api/order-queries';
import { usePharmacyFile } from '../api/pharmacy-file-api';
import { LineDrugFacts, PharmacyQr } from './order-print-pharmacy';
import { orderLabel } from './order-list-table';
import classes from './order-print.module.css';
import { pageRule, PRINT_FORMAT_LABELS, PRINT_FORMATS, printLines, printTotals, SHEET_WIDTH, type PrintFormat } from './order-print-model';
import { LoadingBlock } from '@/ui/loading-block';
import { PrintScreen } from '@/ui/print-screen';

type Props = {
  db: AppDb;
  companyId: number;
  companyTitle: string;
  id: string;
  format: PrintFormat;
  onFormat: (format: PrintFormat) => void;
  onBack: () => void;
  /** Printed after the totals (the VietQR code to pay by transfer, composed by the route). */
  extra?: (order: OrderRecord) => ReactNode;
};

const money = (value: number) => formatNumber(value, 0);

/** Statuses in which the goods have left the warehouse: only then are lots known (server/modules/orders/pharmacy-file.ts). */
const SHIPPED = ['delivering', 'completed', 'returned'];

/** Each printed line's drug facts (registration, national code, lots), by its place in the order. */
function factsOf(order: OrderRecord, pharmacy: PharmacyFileAnswer | undefined): (no: number) => PrintLineFacts | undefined {
  const byLine = new Map((pharmacy?.lines ?? []).map((facts) => [facts.line_id, facts]));
  return (no) => byLine.get(order.lines[no - 1]?.id ?? '');
}

function InvoiceSheet({
  order,
  companyTitle,
  format,
  extra,
  pharmacy,
}: {
  order: OrderRecord;
  companyTitle: string;
  format: 'a4' | 'a5';
  extra: ReactNode;
  pharmacy: PharmacyFileAnswer | undefined;
}) {
  const lines = printLines(order);
  const facts = factsOf(order, pharmacy);
  const totals = printTotals(order);
  return (
    <>
      <div className={classes.header}>
        <div>
          <div className={classes.company} data-testid="print-company">
            {companyTitle}
          </div>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div>
            Số: <b data-testid="print-code">{orderLabel(order)}</b>
          </div>
          {order.code && <div>Số trên máy: {order.local_no}</div>}
        </div>
      </div>
      <div className={classes.title}>HÓA ĐƠN BÁN HÀNG</div>
      <div className={classes.subtitle}>{documentDate(order.created_at)}</div>
      {!totals.consistent && (
        <div className={classes.warning}>Lưu ý: tổng các dòng không khớp tổng đơn hàng. Vui lòng kiểm tra lại trước khi giao.</div>
      )}
      <dl className={classes.info}>
        <dt>Khách hàng:</dt>
        <dd data-testid="print-customer">
          {order.customer_name} ({order.customer_code})
        </dd>
        <dt>Địa chỉ:</dt>
        <dd>{order.customer_address || '—'}</dd>
        <dt>Điện thoại:</dt>
        <dd>{order.customer_phone ?? '—'}</dd>
        <dt>Nhân viên bán hàng:</dt>
        <dd>{order.account_name}</dd>
        {order.delivery_date && (
          <>
            <dt>Ngày giao:</dt>
            <dd>{formatDate(order.delivery_date)}</dd>
          </>
        )}
        {order.note && (
          <>
            <dt>Ghi chú:</dt>
            <dd>{order.note}</dd>
          </>
        )}
      </dl>
      <table className={classes.lines} data-testid="print-lines">
        <thead>
          <tr>
            <th>STT</th>
            <th>Tên hàng hóa</th>
            <th>ĐVT</th>
            <th>SL</th>
            <th>Đơn giá</th>
            <th>Chiết khấu</th>
            {order.vat_on && <th>VAT</th>}
            <th>Thành tiền</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.no}>
              <td className={classes.center}>{line.no}</td>
              <td>
                {line.name}
                {format === 'a4' && line.sku ? <div style={{ fontSize: '0.85em' }}>{line.sku}</div> : null}
                <LineDrugFacts facts={facts(line.no)} />
              </td>
              <td className={classes.center}>{line.unit}</td>
              <td className={classes.num}>{formatNumber(line.quantity)}</td>
              <td className={classes.num}>{money(line.unitPrice)}</td>
              <td className={classes.num}>{line.discount > 0 ? money(line.discount) : ''}</td>
              {order.vat_on && <td className={classes.num}>{line.vatLabel}</td>}
              <td className={classes.num}>{money(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={classes.totals}>
        <tbody>
          <tr>
            <td>Cộng tiền hàng:</td>
            <td className={classes.num}>{money(totals.subtotal)}</td>
          </tr>
          {totals.promotion > 0 && (
            <tr>
              <td>Khuyến mại:</td>
              <td className={classes.num}>−{money(totals.promotion)}</td>
            </tr>
          )}
          {totals.discount > 0 && (
            <tr>
              <td>Chiết khấu:</td>
              <td className={classes.num}>−{money(totals.discount)}</td>
            </tr>
          )}
          {order.vat_on &&
            totals.vatByRate.map((entry) => (
              <tr key={entry.rate}>
                <td>Thuế GTGT {entry.rate}%:</td>
                <td className={classes.num}>{money(entry.vat)}</td>
              </tr>
            ))}
          <tr className={classes.grand}>
            <td>Tổng cộng thanh toán:</td>
            <td className={classes.num} data-testid="print-total">
              {formatMoney(totals.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <div className={classes.words} data-testid="print-words">
        Bằng chữ: <b>{totals.words}</b>
      </div>
      {extra}
      {pharmacy && <PharmacyQr answer={pharmacy} size={format === 'a4' ? '40mm' : '34mm'} />}
      <div className={classes.signatures}>
        <div>
          <b>Người mua hàng</b>
          <i>(Ký, ghi rõ họ tên)</i>
        </div>
        <div>
          <b>Người giao hàng</b>
          <i>(Ký, ghi rõ họ tên)</i>
        </div>
        <div>
          <b>Người bán hàng</b>
          <i>(Ký, ghi rõ họ tên)</i>
          <div className={classes.signName}>{order.account_name}</div>
        </div>
      </div>
    </>
  );
}

function ReceiptSheet({
  order,
  companyTitle,
  extra,
  pharmacy,
}: {
  order: OrderRecord;
  companyTitle: string;
  extra: ReactNode;
  pharmacy: PharmacyFileAnswer | undefined;
}) {
  const lines = printLines(order);
  const facts = factsOf(order, pharmacy);
  const totals = printTotals(order);
  return (
    <>
      <div className={classes.receiptCenter}>
        <div className={classes.company} data-testid="print-company">
          {companyTitle}
        </div>
        <div className={classes.title}>PHIẾU BÁN HÀNG</div>
        <div>
          Số: <b data-testid="print-code">{orderLabel(order)}</b>
        </div>
        <div>{formatDateTime(order.created_at)}</div>
      </div>
      <hr className={classes.rule} />
      <div data-testid="print-customer">
        KH: <b>{order.customer_name}</b>
      </div>
      {order.customer_phone && <div>ĐT: {order.customer_phone}</div>}
      {order.customer_address && <div>ĐC: {order.customer_address}</div>}
      <div>NV: {order.account_name}</div>
      <hr className={classes.rule} />
      <div data-testid="print-lines">
        {lines.map((line) => (
          <div key={line.no} className={classes.receiptLine}>
            <div>
              {line.no}. {line.name}
            </div>
            <LineDrugFacts facts={facts(line.no)} />
            <div className={classes.receiptRow}>
              <span>
                {formatNumber(line.quantity)} {line.unit} × {money(line.unitPrice)}
                {line.discount > 0 ? ` − CK ${money(line.discount)}` : ''}
                {line.vatLabel ? ` (VAT ${line.vatLabel})` : ''}
              </span>
              <span className={classes.num}>{money(line.total)}</span>
            </div>
          </div>
        ))}
      </div>
      <hr className={classes.rule} />
      <div className={classes.receiptRow}>
        <span>Tiền hàng</span>
        <span className={classes.num}>{money(totals.subtotal)}</span>
      </div>
      {totals.promotion > 0 && (
        <div className={classes.receiptRow}>
          <span>Khuyến mại</span>
          <span className={classes.num}>−{money(totals.promotion)}</span>
        </div>
      )}
      {totals.discount > 0 && (
        <div className={classes.receiptRow}>
          <span>Chiết khấu</span>
          <span className={classes.num}>−{money(totals.discount)}</span>
        </div>
      )}
      {order.vat_on && totals.vat > 0 && (
        <div className={classes.receiptRow}>
          <span>Thuế VAT</span>
          <span className={classes.num}>{money(totals.vat)}</span>
        </div>
      )}
      <div className={classes.receiptGrand}>
        <span>TỔNG CỘNG</span>
        <span className={classes.num} data-testid="print-total">
          {formatMoney(totals.total)}
        </span>
      </div>
      <div className={classes.words} data-testid="print-words">
        Bằng chữ: {totals.words}
      </div>
      {!totals.consistent && <div className={classes.warning}>Tổng các dòng không khớp tổng đơn hàng.</div>}
      <hr className={classes.rule} />
      {extra}
      {pharmacy && <PharmacyQr answer={pharmacy} size="40mm" />}
      <div className={classes.receiptCenter}>Cảm ơn quý khách!</div>
    </>
  );
}

export function OrderPrintView({ db, companyId, companyTitle, id, format, onFormat, onBack, extra }: Props) {
  const detail = useOrderDetail(db, companyId, id);
  const order = detail.data?.order;
  // Lots are known once the goods left; offline the note prints without them.
  const pharmacy = usePharmacyFile(companyId, id, !!order?.code && SHIPPED.includes(order.status)).data;

  return (
    <PrintScreen
      page={pageRule(format)}
      title={order ? `${orderLabel(order)} – ${PRINT_FORMAT_LABELS[format]}` : null}
      onBack={onBack}
      ready={!!order}
      controls={
        <SegmentedControl
          size="xs"
          value={format}
          onChange={(value) => onFormat(value as PrintFormat)}
          data={PRINT_FORMATS.map((value) => ({ value, label: value === 'receipt80' ? '80mm' : value.toUpperCase() }))}
          data-testid="print-format"
        />
      }
    >
      {detail.isPending ? (
        <LoadingBlock />
      ) : !order ? (
        <Alert color="red" maw={480} mx="auto">
          {detail.error?.message ?? 'Không tìm thấy đơn hàng'}
        </Alert>
      ) : (
        <>
          {detail.data?.source === 'device' && (
            <Text size="sm" c="dimmed" ta="center" mb="xs" className={classes.screenOnly}>
              Đang in bản lưu trên máy (không có mạng).
            </Text>
          )}
          <article className={classes.sheet} data-format={format} style={{ width: SHEET_WIDTH[format] }} data-testid="print-sheet">
            {format === 'receipt80' ? (
              <ReceiptSheet order={order} companyTitle={companyTitle} extra={extra?.(order)} pharmacy={pharmacy} />
            ) : (
              <InvoiceSheet order={order} companyTitle={companyTitle} format={format} extra={extra?.(order)} pharmacy={pharmacy} />
            )}
          </article>
        </>
      )}
    </PrintScreen>
  );
}
