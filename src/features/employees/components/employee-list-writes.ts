/**
 * The list's writes that are not a form (employee-list-view.tsx): deactivating or reactivating an
 * employee after a confirmation, and exporting the list as the filter shows it.
 */
import { employeePaths, type EmployeeRecord, type StaffKind } from '@contract/employees';
import { downloadFile } from '@/api/files';
import { openConfirm } from '@/ui/confirm-dialog';
import { toastedWrite } from '@/ui/toasted-write';
import { employeeWrites, writeErrorMessage } from '../api/employee-api';
import { toListQuery, type StaffListFilter } from '../model/employee-filter';

/** Deactivates an active employee or reactivates one, after a confirmation that says what it means. */
export async function toggleEmployeeActive(companyId: number, row: EmployeeRecord, refresh: () => void) {
  const deactivate = row.is_active;
  await openConfirm({
    title: deactivate ? 'Ngừng hoạt động nhân viên' : 'Kích hoạt lại nhân viên',
    icon: deactivate ? 'warning' : 'success',
    message: deactivate
      ? `Ngừng hoạt động ${row.full_name}? Người này sẽ không vào được công ty và không còn trong danh sách chọn nhân viên; khách hàng, đơn hàng và lịch sử ghé thăm của họ vẫn được giữ.`
      : `Kích hoạt lại ${row.full_name}? Người này sẽ vào lại được công ty.`,
    okLabel: deactivate ? 'Ngừng hoạt động' : 'Kích hoạt lại',
    onOk: () =>
      toastedWrite(
        async () => {
          const answer = await employeeWrites.setActive(companyId, row.id, !deactivate);
          refresh();
          return answer.message;
        },
        (error) => writeErrorMessage(error, 'Không cập nhật được trạng thái. Vui lòng thử lại.'),
      ),
  });
}

/** The list as the filter shows it, as an Excel file. */
export async function exportEmployees(companyId: number, kind: StaffKind, filter: StaffListFilter) {
  const query = toListQuery(companyId, kind, filter);
  await downloadFile(
    employeePaths.exportEmployees,
    { company: companyId, kind, search: query.search, region: query.region, status: query.status },
    'nhan-vien.xlsx',
  );
}
