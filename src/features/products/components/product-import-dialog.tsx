/**
 * "Nhập Excel": pick an .xlsx, read it in the browser (header names mapped to the product sheet's
 * columns), send the rows in calls of at most 500 (cut between products) with a progress bar of
 * rows done, then show what was created and updated and every refused row (row, column, message),
 * which can be downloaded as a report. Loaded only when the dialog is first opened.
 */
import { Alert, Text } from '@mantine/core';
import { SheetImportDialog } from '@/ui/import-dialog/sheet-import-dialog';
import { writeErrorMessage, type ProductWrites } from '../api/product-writes';
import { chunkRows, mapSheetRows } from '../model/product-sheet';

type Props = { opened: boolean; onClose: () => void; writes: ProductWrites; online: boolean };

const MAX_FILE_BYTES = 20 * 1024 * 1024;

export function ProductImportDialog({ opened, onClose, writes, online }: Props) {
  return (
    <SheetImportDialog
      opened={opened}
      onClose={onClose}
      title="Nhập sản phẩm từ Excel"
      testIdPrefix="import"
      notice={
        !online && (
          <Alert color="yellow" variant="light">
            Cần kết nối mạng để nhập sản phẩm.
          </Alert>
        )
      }
      intro={
        <Text size="sm">
          Mỗi dòng là một đơn vị tính của một biến thể. Các dòng cùng <b>Mã SP</b> là một sản phẩm; dòng để trống Mã SP sẽ tạo sản phẩm mới.
          Dùng tệp từ "Xuất Excel" làm mẫu. Thông tin thuốc: <b>Nhóm kiểm soát</b> và <b>Điều kiện bảo quản</b> ghi như trong tệp xuất (VD:
          Thuốc hướng thần, Lạnh (2–8 °C)), <b>Hết hạn số đăng ký</b> theo dạng DD/MM/YYYY.
        </Text>
      }
      pickDisabled={!online}
      sheet={{
        maxBytes: MAX_FILE_BYTES,
        map: mapSheetRows,
        template: 'Hãy dùng tệp xuất từ "Xuất Excel" làm mẫu.',
        chunk: chunkRows,
        send: writes.importRows,
        failure: (error) => writeErrorMessage(error, 'Nhập dữ liệu thất bại'),
        afterImport: writes.afterImport,
        noun: 'sản phẩm',
      }}
    />
  );
}
