/**
 * The list an adjustment of several invoices comes with (bảng kê Mẫu 01/BK-ĐCTT, NĐ 70/2025;
 * contract/invoices-corrections.ts oneForSeveral): every invoice it corrects, the adjusted one first,
 * with form, series, number, date (a date cell), buyer, total (a number) and the error, and the
 * adjusting invoice that corrects them all on the last row.
 */
import { ADJUST_KIND_LABELS, type AdjustKind } from '@contract/invoices-corrections';
import { badRequest } from '@server/kernel/errors';
import { excelDay, xlsxResponse, type SheetColumn } from '@server/kernel/xlsx';
import type { InvoiceRow } from './invoice-write';

const COLUMNS: SheetColumn[] = [
  { header: 'STT', key: 'no', width: 6 },
  { header: 'Mẫu số', key: 'template', width: 8 },
  { header: 'Ký hiệu', key: 'series', width: 10 },
  { header: 'Số hóa đơn', key: 'number', width: 12 },
  { header: 'Ngày lập', key: 'day', width: 12, date: 'day' },
  { header: 'Tên người mua', key: 'buyer', width: 32 },
  { header: 'Mã số thuế', key: 'taxCode', width: 16 },
  { header: 'Tổng tiền thanh toán', key: 'total', width: 18, money: true },
  { header: 'Nội dung sai sót', key: 'error', width: 40 },
  { header: 'Xử lý', key: 'action', width: 36 },
];

export function adjustmentListSheet(adjusting: InvoiceRow, original: InvoiceRow, onError: (error: unknown) => void): Response {
  if (adjusting.listed.length === 0) throw badRequest('VALIDATION_FAILED', 'Hóa đơn điều chỉnh này không kèm bảng kê');
  const error = adjusting.agreement?.error ?? adjusting.replaceReason ?? '';
  const label = ADJUST_KIND_LABELS[adjusting.adjustKind as AdjustKind];
  const action = `${label} bởi hóa đơn số ${adjusting.number ?? '(đang phát hành)'}`;
  const invoices = [
    {
      number: original.number,
      issued_on: original.issuedOn,
      template_no: original.templateNo,
      series: original.series,
      total: original.total,
    },
    ...adjusting.listed,
  ];
  return xlsxResponse(
    `bang-ke-01-BK-DCTT-${adjusting.number ?? adjusting.id}.xlsx`,
    'Bảng kê 01-BK-ĐCTT',
    COLUMNS,
    async function* () {
      for (const [index, invoice] of invoices.entries()) {
        yield {
          no: index + 1,
          template: invoice.template_no,
          series: invoice.series,
          number: invoice.number,
          day: excelDay(invoice.issued_on),
          buyer: adjusting.buyer.legal_name,
          taxCode: adjusting.buyer.tax_code,
          total: invoice.total,
          error,
          action,
        };
      }
      yield {
        template: adjusting.templateNo,
        series: adjusting.series,
        number: adjusting.number,
        day: excelDay(adjusting.issuedOn),
        buyer: adjusting.buyer.legal_name,
        taxCode: adjusting.buyer.tax_code,
        total: adjusting.total,
        action: `Hóa đơn ${label.toLowerCase()}`,
      };
    },
    onError,
  );
}
