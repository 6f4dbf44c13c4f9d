/**
 * "Nhập từ Excel" on the import receipts (opening stock or a purchase, docs/warehouse.md "Excel"):
 * the warehouse, the date and who delivered, the template to start from, then the .xlsx read in the
 * browser and sent in one call. The sheet becomes one completed import receipt, which opens, or
 * nothing: every refused row is listed with its row and column (and can be downloaded), and none
 * was written. Only for who may create and complete import receipts (warehouse create and approve).
 * Loaded when first opened, from the network (../online-parts.tsx; scripts/office-chunks.ts leaves it out of the precache).
 */
import { Alert, Checkbox, List, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { vietnamDay } from '@contract/price-policy';
import type { WarehouseRecord } from '@contract/warehouse';
import type { StockImportError, StockSheetColumn } from '@contract/warehouse-sheet';
import { ApiError } from '@/api/api-error';
import { readImportFile } from '@/lib/import-file';
import type { SheetRecord } from '@/lib/import-sheet';
import { ImportDialog, type ImportJob, type ImportOutcome } from '@/ui/import-dialog/import-dialog';
import { ImportReport } from '@/ui/import-dialog/import-report';
import { toast } from '@/ui/toast';
import { DayField } from '@/ui/day-field';
import { downloadStockTemplate, importStockSheet } from '@/features/warehouse/api/stock-import-api';
import { errorMessage, warehouseKeys } from '@/features/warehouse/api/warehouse-keys';
import { mapStockSheet, stockImportRows, stockRowsProblem } from '@/features/warehouse/model/stock-sheet';
import type { WarehouseScope } from '@/features/warehouse/model/scope';

/** `warehouses`: the company's, as the list that opens the dialog has them (several warehouses only). */
type Props = { scope: WarehouseScope; warehouses: readonly WarehouseRecord[] | undefined; onClose: () => void };

type Refused = { fileName: string; errors: StockImportError[] };

/** The server takes bodies up to 1 MB; a sheet of 1,000 lines is far below that. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

/**
 * A call refused as a whole because some cells were not even readable (a text too long): its
 * `rows.N.<column>` fields as refused rows, named by the row a person sees in Excel.
 */
function refusedCells(error: ApiError, rows: readonly SheetRecord<StockSheetColumn>[]): StockImportError[] {
  const refused: StockImportError[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(field);
    if (!match) continue;
    const row = rows[Number(match[1])];
    refused.push({ row: row?._row ?? Number(match[1]) + 2, field: match[2] as StockSheetColumn | undefined, message });
  }
  return refused.sort((a, b) => a.row - b.row);
}

export function StockImportDialog({ scope, warehouses, onClose }: Props) {
  const { companyId, isMobile } = scope;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [warehouse, setWarehouse] = useState<number | null>(scope.active);
  const [date, setDate] = useState(vietnamDay());
  const [opening, setOpening] = useState(false);
  const [partner, setPartner] = useState('');
  const online = typeof navigator === 'undefined' || navigator.onLine;

  const run = async (file: File, job: ImportJob): Promise<ImportOutcome<Refused>> => {
    job.step({ text: `Đang đọc tệp ${file.name}…` });
    const read = await readImportFile(file, { maxBytes: MAX_FILE_BYTES, map: mapStockSheet, template: 'Hãy dùng tệp mẫu.' });
    if ('problem' in read) return read;
    const { rows } = read.sheet;
    const tooMany = stockRowsProblem(rows);
    if (tooMany) return { problem: tooMany };
    job.step({
      text: `Đang nhập ${rows.length} dòng của ${file.name} vào một phiếu nhập kho…`,
      percent: 100,
      waiting: true,
      label: 'Đang nhập',
    });
    try {
      const answer = await importStockSheet(
        companyId,
        {
          warehouse: scope.multi ? warehouse : null,
          document_date: date,
          opening,
          partner_name: partner.trim() || null,
          rows: stockImportRows(rows),
        },
        job.signal,
      );
      const { receipt_id: receiptId, errors } = answer.data;
      if (receiptId) {
        toast.success(answer.message ?? `Đã nhập ${answer.data.created} dòng vào phiếu ${answer.data.code ?? ''}`);
        await queryClient.invalidateQueries({ queryKey: warehouseKeys.all(companyId) });
        onClose();
        void navigate({ to: '/inventory/receipt/$kind/$id', params: { kind: 'import', id: receiptId } });
        return { result: { fileName: file.name, errors: [] } };
      }
      toast.warning(answer.message ?? `${errors.length} dòng lỗi: chưa nhập gì`);
      return { result: { fileName: file.name, errors } };
    } catch (error) {
      if (job.signal.aborted) return { problem: 'Đã dừng nhập, chưa nhập gì.' };
      if (error instanceof ApiError) {
        const cells = refusedCells(error, rows);
        if (cells.length > 0) return { result: { fileName: file.name, errors: cells } };
        return { problem: `${errorMessage(error, 'Nhập kho từ Excel thất bại')}. Chưa nhập gì.` };
      }
      return { problem: 'Nhập kho từ Excel thất bại. Chưa nhập gì, vui lòng thử lại.' };
    }
  };

  return (
    <ImportDialog
      opened
      onClose={onClose}
      title="Nhập kho từ Excel"
      testIdPrefix="stock-import"
      size="lg"
      notice={
        !online && (
          <Alert color="yellow" variant="light">
            Cần kết nối mạng để nhập kho từ Excel.
          </Alert>
        )
      }
      intro={
        <List size="sm" spacing={4}>
          <List.Item>
            Mỗi dòng là một mặt hàng: <b>Mã hàng</b> (mã biến thể), <b>Đơn vị tính</b>, <b>Số lượng</b>; thêm <b>Đơn giá</b> nhập,{' '}
            <b>Số lô</b>, <b>Ngày sản xuất</b> và <b>Hạn dùng</b> (DD/MM/YYYY). Thuốc bắt buộc có số lô và hạn dùng.
          </List.Item>
          <List.Item>
            Cả tệp thành một phiếu nhập kho đã hoàn thành. Có dòng lỗi thì không nhập gì: sửa các dòng được báo rồi nhập lại.
          </List.Item>
        </List>
      }
      fields={
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {scope.multi && (
            <Select
              label="Nhập tại kho"
              data={(warehouses ?? []).filter((row) => row.is_active).map((row) => ({ value: String(row.id), label: row.name }))}
              value={String(warehouse ?? warehouses?.find((row) => row.is_default)?.id ?? '') || null}
              onChange={(next) => setWarehouse(next ? Number(next) : null)}
              allowDeselect={false}
              data-testid="stock-import-warehouse"
            />
          )}
          <DayField
            label="Ngày nhập"
            value={date}
            onChange={(next) => next && setDate(next)}
            maxDate={vietnamDay()}
            data-testid="stock-import-date"
          />
          <TextInput
            label="Người giao hàng"
            placeholder="Nhà cung cấp, người giao…"
            value={partner}
            maxLength={120}
            onChange={(event) => setPartner(event.currentTarget.value)}
            data-testid="stock-import-partner"
          />
          <Checkbox
            label="Tồn đầu kỳ"
            description="Số dư đầu kỳ khi bắt đầu dùng phần mềm"
            checked={opening}
            onChange={(event) => setOpening(event.currentTarget.checked)}
            mt={isMobile ? 0 : 'md'}
            data-testid="stock-import-opening"
          />
        </SimpleGrid>
      }
      template={{
        testId: 'stock-import-template',
        download: () => downloadStockTemplate(companyId),
        failure: (error) => errorMessage(error, 'Không tải được tệp mẫu'),
      }}
      pickDisabled={!online}
      run={run}
      report={(result, { again, close }) => (
        <ImportReport
          fileName={result.fileName}
          created={0}
          updated={0}
          errors={result.errors}
          stopped={null}
          onAgain={again}
          onClose={close}
          testIdPrefix="stock-import"
        />
      )}
    />
  );
}
