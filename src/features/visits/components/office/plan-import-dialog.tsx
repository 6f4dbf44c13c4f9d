/**
 * "Nhập Excel" for route plans: the sheet the export writes (one row per customer of a plan), read
 * in the browser and sent in one call, since the server saves the whole file or nothing
 * (server/modules/visits/plans-sheet.ts); a refused file lists every wrong row.
 */
import { List } from '@mantine/core';
import { apiErrorMessage } from '@/api/api-error';
import { SheetImportDialog } from '@/ui/import-dialog/sheet-import-dialog';
import { mapPlanSheet, type PlanWrites } from '@/features/visits/api/plans-api';

type Props = { opened: boolean; onClose: () => void; writes: PlanWrites; accountId: number | null };

const MAX_FILE_BYTES = 5 * 1024 * 1024;

export function PlanImportDialog({ opened, onClose, writes, accountId }: Props) {
  return (
    <SheetImportDialog
      opened={opened}
      onClose={onClose}
      title="Nhập tuyến ghé thăm từ Excel"
      testIdPrefix="plan-import"
      intro={
        <List size="sm" spacing={4}>
          <List.Item>
            Mỗi dòng là một khách hàng của một tuyến, với các cột <b>Mã NV</b> (mã nhân viên, email hoặc số điện thoại), <b>Tuyến</b>,{' '}
            <b>Thứ tự</b>, <b>Mã KH</b>, <b>Tần suất</b> (F1, F2, F4, F8, F12, F24), <b>Thứ</b> (VD: T2, T5), <b>Tuần</b> (F1: một tuần 1–4;
            F2: 1 và 3 hoặc 2 và 4) và <b>Ngày áp dụng</b>.
          </List.Item>
          <List.Item>Tuyến cùng nhân viên và cùng tên được thay bằng nội dung trong tệp; mọi tuyến nhập vào đều chờ duyệt.</List.Item>
          <List.Item>Chỉ cần một dòng lỗi là không tuyến nào được lưu: sửa các dòng được báo rồi nhập lại.</List.Item>
        </List>
      }
      template={{
        label: 'Tải tuyến hiện có',
        testId: 'plan-template',
        download: () => writes.exportSheet(accountId),
        failure: (error) => apiErrorMessage(error, 'Không tải được tệp'),
      }}
      sheet={{
        maxBytes: MAX_FILE_BYTES,
        map: mapPlanSheet,
        template: 'Hãy dùng tệp xuất từ danh sách tuyến.',
        chunk: (rows) => [rows],
        send: writes.importRows,
        failure: (error) => apiErrorMessage(error, 'Nhập dữ liệu thất bại'),
        afterImport: async () => {
          await writes.refresh();
        },
        noun: 'tuyến',
      }}
    />
  );
}
