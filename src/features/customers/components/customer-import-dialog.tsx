/**
 * "Nhập Excel" for customers (contract/customers-sheet.ts): pick an .xlsx (the export of the list is
 * the template), read it in the browser, send its rows in calls with a progress bar, then show what
 * was created and updated and every refused row (row, column, message).
 */
import { List } from '@mantine/core';
import { SheetImportDialog } from '@/ui/import-dialog/sheet-import-dialog';
import { writeErrorMessage, type CustomerWrites } from '../api/customer-writes';
import { chunkRows, mapCustomerSheet } from '../model/customer-sheet';

type Props = { opened: boolean; onClose: () => void; writes: CustomerWrites; online: boolean };

const MAX_FILE_BYTES = 10 * 1024 * 1024;

export function CustomerImportDialog({ opened, onClose, writes, online }: Props) {
  return (
    <SheetImportDialog
      opened={opened}
      onClose={onClose}
      title="Nhập khách hàng từ Excel"
      testIdPrefix="customer-import"
      notice={online ? undefined : 'Cần kết nối mạng để nhập dữ liệu.'}
      pickDisabled={!online}
      intro={
        <List size="sm" spacing={4}>
          <List.Item>
            Dùng tệp <b>Xuất Excel</b> của danh sách khách hàng làm mẫu: mỗi dòng là một khách hàng.
          </List.Item>
          <List.Item>
            Dòng có Mã KH đã có sẽ cập nhật khách hàng đó; ô để trống giữ nguyên thông tin cũ. Dòng khác thêm khách hàng mới.
          </List.Item>
          <List.Item>
            Ngày cấp và hết hạn GPP/GDP: ô ngày của Excel hoặc gõ theo dạng DD/MM/YYYY. Thuốc kiểm soát đặc biệt: Có hoặc Không.
          </List.Item>
          <List.Item>Dòng có lỗi không được lưu; các dòng khác vẫn được lưu.</List.Item>
        </List>
      }
      sheet={{
        maxBytes: MAX_FILE_BYTES,
        map: mapCustomerSheet,
        template: 'Hãy dùng tệp Xuất Excel của danh sách khách hàng làm mẫu.',
        chunk: (rows) => chunkRows(rows),
        send: writes.importRows,
        failure: (error) => writeErrorMessage(error, 'Nhập dữ liệu thất bại'),
        afterImport: writes.afterImport,
        noun: 'khách hàng',
      }}
    />
  );
}
