/**
 * Biên bản kiểm kê (05-VT) on A4 landscape: the moment of the count, the committee (written by
 * hand) and who counted, then per lot the books (Theo sổ kế toán), the count (Theo kiểm kê) and the
 * difference (Chênh lệch: Thừa / Thiếu), quantities and values at the average cost, the quality
 * columns left for the committee, and the signatures.
 */
import type { ReceiptPrint } from '@contract/warehouse-receipts';
import { formatNumber } from '@/lib/money';
import { checkRows, checkTotals } from '@/features/warehouse/model/check-rows';
import { documentDate, lotLabel } from '@/features/warehouse/model/receipt-print';
import { FormHeader, Signatures, TitleBlock } from './print-parts';
import classes from './receipt-print.module.css';

const n = (value: number | null | undefined) => (value === null || value === undefined ? '' : formatNumber(value, 0));

export function CheckPrintSheet({ print, averageCost }: { print: ReceiptPrint; averageCost: (variantId: number) => number | null }) {
  const { receipt } = print;
  const rows = checkRows(receipt.lines, averageCost);
  const totals = checkTotals(rows);
  const counters = receipt.counters.map((counter) => counter.name).join(', ');
  return (
    <>
      <FormHeader print={print} />
      <TitleBlock print={print} accounts={false} />
      <div className={classes.facts}>
        <p>- Thời điểm kiểm kê: …… giờ …… {documentDate(receipt.document_date).toLowerCase()}</p>
        <p>- Ban kiểm kê gồm:</p>
        {['Trưởng ban', 'Ủy viên', 'Ủy viên'].map((role, index) => (
          <p key={index}>&nbsp;&nbsp;Ông/Bà: …………………………… Chức vụ: ……………… Đại diện: ……………… {role}</p>
        ))}
        <p>
          - Đã kiểm kê kho <b data-testid="print-warehouse">{receipt.warehouse_name}</b> những mặt hàng dưới đây
          {counters ? ` (người đếm: ${counters})` : ''}:
        </p>
      </div>
      <table className={classes.lines} data-testid="print-lines">
        <thead>
          <tr>
            <th rowSpan={3}>STT</th>
            <th rowSpan={3}>Tên, nhãn hiệu, quy cách vật tư, dụng cụ, sản phẩm, hàng hóa</th>
            <th rowSpan={3}>Mã số</th>
            <th rowSpan={3}>ĐVT</th>
            <th rowSpan={3}>Đơn giá</th>
            <th colSpan={2} rowSpan={2}>
              Theo sổ kế toán
            </th>
            <th colSpan={2} rowSpan={2}>
              Theo kiểm kê
            </th>
            <th colSpan={4}>Chênh lệch</th>
            <th colSpan={3}>Phẩm chất</th>
          </tr>
          <tr>
            <th colSpan={2}>Thừa</th>
            <th colSpan={2}>Thiếu</th>
            <th rowSpan={2}>Còn tốt 100%</th>
            <th rowSpan={2}>Kém phẩm chất</th>
            <th rowSpan={2}>Mất phẩm chất</th>
          </tr>
          <tr>
            {['SL', 'TT', 'SL', 'TT', 'SL', 'TT', 'SL', 'TT'].map((label, index) => (
              <th key={index}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className={classes.letters}>
            {['A', 'B', 'C', 'D', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'].map((letter) => (
              <td key={letter}>{letter}</td>
            ))}
          </tr>
          {rows.map((row) => (
            <tr key={row.lineId} data-testid="print-line">
              <td className={classes.center}>{row.no}</td>
              <td>
                {row.name}
                {lotLabel(row.lotNo, row.expiresOn) && (
                  <div className={classes.lot} data-testid="print-lot">
                    {lotLabel(row.lotNo, row.expiresOn)}
                  </div>
                )}
              </td>
              <td>{row.sku}</td>
              <td className={classes.center}>{row.unit}</td>
              <td className={classes.num}>{n(row.unitCost === null ? null : Math.round(row.unitCost))}</td>
              <td className={classes.num}>{n(row.book.quantity)}</td>
              <td className={classes.num}>{n(row.book.value)}</td>
              <td className={classes.num}>{n(row.counted?.quantity)}</td>
              <td className={classes.num}>{n(row.counted?.value)}</td>
              <td className={classes.num}>{row.surplus?.quantity ? n(row.surplus.quantity) : ''}</td>
              <td className={classes.num}>{row.surplus?.quantity ? n(row.surplus.value) : ''}</td>
              <td className={classes.num}>{row.shortage?.quantity ? n(row.shortage.quantity) : ''}</td>
              <td className={classes.num}>{row.shortage?.quantity ? n(row.shortage.value) : ''}</td>
              <td />
              <td />
              <td />
            </tr>
          ))}
          <tr className={classes.total}>
            <td />
            <td className={classes.center}>Cộng</td>
            <td className={classes.center}>x</td>
            <td className={classes.center}>x</td>
            <td className={classes.center}>x</td>
            <td className={classes.num}>{n(totals.book.quantity)}</td>
            <td className={classes.num}>{n(totals.book.value)}</td>
            <td className={classes.num}>{totals.countedLines ? n(totals.counted.quantity) : ''}</td>
            <td className={classes.num}>{totals.countedLines ? n(totals.counted.value) : ''}</td>
            <td className={classes.num}>{n(totals.surplus.quantity || null)}</td>
            <td className={classes.num} data-testid="print-surplus">
              {n(totals.surplus.value || null)}
            </td>
            <td className={classes.num}>{n(totals.shortage.quantity || null)}</td>
            <td className={classes.num} data-testid="print-shortage">
              {n(totals.shortage.value || null)}
            </td>
            <td />
            <td />
            <td />
          </tr>
        </tbody>
      </table>
      <Signatures
        day={documentDate(receipt.document_date)}
        signers={[
          { title: 'Giám đốc', note: '(Ý kiến giải quyết số chênh lệch) (Ký, họ tên, đóng dấu)' },
          { title: 'Kế toán trưởng' },
          { title: 'Thủ kho' },
          { title: 'Trưởng ban kiểm kê' },
        ]}
      />
    </>
  );
}
