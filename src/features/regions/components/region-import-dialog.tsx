/**
 * "Nhập Excel" for regions: download the template (the company's regions as they are, and a sheet
 * of the 34 provinces), pick an .xlsx, read it in the browser, send its rows in calls of 50 with a
 * progress bar, then show what was created and updated and every refused row (row, column,
 * message), which can be downloaded as a report.
 */
import { List } from '@mantine/core';
import { SheetImportDialog } from '@/ui/import-dialog/sheet-import-dialog';
import { regionErrorMessage, type RegionWrites } from '../api/region-api';
import { chunk, mapRegionSheet } from '../model/region-sheet';

type Props = { opened: boolean; onClose: () => void; writes: RegionWrites };

const MAX_FILE_BYTES = 5 * 1024 * 1024;

export function RegionImportDialog({ opened, onClose, writes }: Props) {
  return (
    <SheetImportDialog
      opened={opened}
      onClose={onClose}
      title="Nhập khu vực từ Excel"
      testIdPrefix="region-import"
      intro={
        <List size="sm" spacing={4}>
          <List.Item>
            Mỗi dòng là một khu vực với các cột <b>Mã khu vực</b>, <b>Tên khu vực</b>, <b>Mô tả</b>, <b>Tỉnh/thành</b>.
          </List.Item>
          <List.Item>
            Tỉnh/thành ghi tên hoặc mã theo đơn vị hành chính mới, cách nhau bởi dấu phẩy (VD: Hồ Chí Minh, Đồng Nai, 80).
          </List.Item>
          <List.Item>Mã đã có sẽ được cập nhật; ô để trống giữ nguyên thông tin cũ.</List.Item>
        </List>
      }
      template={{
        label: 'Tải file mẫu',
        testId: 'region-template',
        download: writes.downloadTemplate,
        failure: (error) => regionErrorMessage(error, 'Không tải được file mẫu'),
      }}
      sheet={{
        maxBytes: MAX_FILE_BYTES,
        map: mapRegionSheet,
        template: 'Hãy dùng file mẫu.',
        chunk,
        send: writes.importRows,
        failure: (error) => regionErrorMessage(error, 'Nhập dữ liệu thất bại'),
        afterImport: writes.afterImport,
        noun: 'khu vực',
      }}
    />
  );
}
