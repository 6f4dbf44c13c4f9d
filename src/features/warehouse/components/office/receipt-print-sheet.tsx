/**
 * Phiếu nhập kho (01-VT), phiếu xuất kho (02-VT) and phiếu xuất kho kiêm vận chuyển nội bộ on A4:
 * the form's header, title with date, number and Nợ/Có, who delivered / received / carried, the
 * source document and warehouses, the lines (columns A–D and 1–4, lots under each name), "Cộng",
 * the total in words, and the signatures of the form.
 */
import type { ReceiptPrint } from '@contract/warehouse-receipts';
import { formatNumber } from '@/lib/money';
import { documentDate, printRows, printTotals } from '@/features/warehouse/model/receipt-print';
import { FormHeader, Signatures, TitleBlock, type Signer } from './print-parts';
import classes from './receipt-print.module.css';

const n = (value: number | null) => (value === null ? '' : formatNumber(value, 0));

const SIGNERS: Record<'import' | 'export' | 'transfer', Signer[]> = {
  import: [
    { title: 'Người lập phiếu' },
    { title: 'Người giao hàng' },
    { title: 'Thủ kho' },
    { title: 'Kế toán trưởng', note: '(Hoặc bộ phận có nhu cầu nhập)' },
  ],
  export: [
    { title: 'Người lập phiếu' },
    { title: 'Người nhận hàng' },
    { title: 'Thủ kho' },
    { title: 'Kế toán trưởng', note: '(Hoặc bộ phận có nhu cầu nhập)' },
    { title: 'Giám đốc' },
  ],
  transfer: [{ title: 'Người lập phiếu' }, { title: 'Thủ kho xuất' }, { title: 'Người vận chuyển' }, { title: 'Thủ kho nhập' }],
};

function Facts({ print }: { print: ReceiptPrint }) {
  const { receipt } = print;
  const line = (label: string, value: string | null | undefined, testId?: string) => (
    <p>
      - {label}: <b data-testid={testId}>{value || '……………………………………'}</b>
    </p>
  );
  if (receipt.kind === 'import')
    return (
      <div className={classes.facts}>
        {line('Họ và tên người giao', receipt.partner_name, 'print-partner')}
        {line('Theo', receipt.source_document)}
        {line('Nhập tại kho', receipt.warehouse_name, 'print-warehouse')}
      </div>
    );
  if (receipt.kind === 'export')
    return (
      <div className={classes.facts}>
        {line('Họ và tên người nhận hàng', receipt.partner_name, 'print-partner')}
        {line('Địa chỉ (bộ phận)', receipt.partner_address)}
        {line(
          'Lý do xuất kho',
          receipt.note || (receipt.order_code ? `Xuất bán theo đơn hàng ${receipt.order_code}` : receipt.source_document),
        )}
        {line('Xuất tại kho (ngăn lô)', receipt.warehouse_name, 'print-warehouse')}
      </div>
    );
  return (
    <div className={classes.facts}>
      {line('Căn cứ lệnh điều động số', receipt.source_document)}
      {line('Về việc', receipt.reason ?? receipt.note)}
      {line('Họ và tên người vận chuyển', receipt.partner_name, 'print-partner')}
      {line('Phương tiện vận chuyển', receipt.partner_address)}
      {line('Xuất tại kho', receipt.warehouse_name, 'print-warehouse')}
      {line('Nhập tại kho', receipt.to_warehouse_name)}
    </div>
  );
}

export function ReceiptPrintSheet({ print }: { print: ReceiptPrint }) {
  const kind = print.receipt.kind === 'check' ? 'import' : print.receipt.kind;
  const rows = printRows(print.receipt);
  const totals = printTotals(rows);
  const transfer = kind === 'transfer';
  const [first, second] =
    kind === 'import' ? ['Theo chứng từ', 'Thực nhập'] : transfer ? ['Thực xuất', 'Thực nhập'] : ['Yêu cầu', 'Thực xuất'];
  // A transfer prints what left and what arrived; the others what the document asked and the actual.
  const firstOf = (row: (typeof rows)[number]) => (transfer ? row.quantity : row.documentQuantity);
  const secondOf = (row: (typeof rows)[number]) => (transfer ? row.receivedQuantity : row.quantity);
  return (
    <>
      <FormHeader print={print} />
      <TitleBlock print={print} />
      <Facts print={print} />
      <table className={classes.lines} data-testid="print-lines">
        <thead>
          <tr>
            <th rowSpan={2} style={{ width: '6%' }}>
              STT
            </th>
            <th rowSpan={2}>Tên, nhãn hiệu, quy cách, phẩm chất vật tư, dụng cụ, sản phẩm, hàng hóa</th>
            <th rowSpan={2} style={{ width: '11%' }}>
              Mã số
            </th>
            <th rowSpan={2} style={{ width: '7%' }}>
              Đơn vị tính
            </th>
            <th colSpan={2}>Số lượng</th>
            <th rowSpan={2} style={{ width: '11%' }}>
              Đơn giá
            </th>
            <th rowSpan={2} style={{ width: '14%' }}>
              Thành tiền
            </th>
          </tr>
          <tr>
            <th style={{ width: '9%' }}>{first}</th>
            <th style={{ width: '9%' }}>{second}</th>
          </tr>
        </thead>
        <tbody>
          <tr className={classes.letters}>
            {['A', 'B', 'C', 'D', '1', '2', '3', '4'].map((letter) => (
              <td key={letter}>{letter}</td>
            ))}
          </tr>
          {rows.map((row) => (
            <tr key={row.no} data-testid="print-line">
              <td className={classes.center}>{row.no}</td>
              <td>
                {row.name}
                {row.lots.map((lot) => (
                  <div key={lot} className={classes.lot} data-testid="print-lot">
                    {lot}
                  </div>
                ))}
              </td>
              <td>{row.sku}</td>
              <td className={classes.center}>{row.unit}</td>
              <td className={classes.num}>{n(firstOf(row))}</td>
              <td className={classes.num}>{n(secondOf(row))}</td>
              <td className={classes.num}>{n(row.unitPrice)}</td>
              <td className={classes.num}>{n(row.amount)}</td>
            </tr>
          ))}
          <tr className={classes.total}>
            <td />
            <td className={classes.center}>Cộng</td>
            <td className={classes.center}>x</td>
            <td className={classes.center}>x</td>
            <td className={classes.num}>{n(transfer ? totals.quantity : totals.documentQuantity || null)}</td>
            <td className={classes.num}>{n(transfer ? totals.receivedQuantity || null : totals.quantity)}</td>
            <td className={classes.center}>x</td>
            <td className={classes.num} data-testid="print-total">
              {totals.amount > 0 ? n(totals.amount) : ''}
            </td>
          </tr>
        </tbody>
      </table>
      <div className={classes.facts}>
        <p>
          - Tổng số tiền (viết bằng chữ): <b data-testid="print-words">{totals.words || '……………………………………'}</b>
        </p>
        <p>- Số chứng từ gốc kèm theo: ……………………</p>
      </div>
      <Signatures
        signers={SIGNERS[kind].map((signer, index) => (index === 0 ? { ...signer, name: print.receipt.created_by_name } : signer))}
        day={documentDate(print.receipt.document_date)}
      />
    </>
  );
}
