/**
 * "Nhập nhân viên từ Excel" and "Nhập doanh số từ Excel": download the template, pick an .xlsx
 * (and, for staff, the initial password of accounts the sheet creates), then watch the upload's
 * progress and the server's processing, and read the result of every row: what was done, or the
 * column and reason it was refused. Refused rows changed nothing; they can be fixed and the same
 * file sent again (rows already done are updated, not duplicated). Unlike the product and region
 * imports the server reads the whole file, so the dialog (src/ui/import-dialog) shows the upload.
 */
import { Text } from '@mantine/core';
import { useState } from 'react';
import { passwordProblem } from '@contract/auth-password';
import { employeePaths } from '@contract/employees';
import { ApiError } from '@/api/api-error';
import { downloadFile } from '@/api/files';
import { ImportDialog, type ImportJob, type ImportOutcome } from '@/ui/import-dialog/import-dialog';
import type { ImportStep } from '@/ui/import-dialog/import-step';
import { NewPasswordInput } from '@/ui/new-password-input';
import { toast } from '@/ui/toast';
import { importRevenue, importStaff, writeErrorMessage, type UploadProgress } from '../api/employee-api';
import { EmployeeImportReport, type StaffImportResult } from './employee-import-report';

export type ImportKind = 'staff' | 'revenue';

type Props = {
  kind: ImportKind | null;
  companyId: number;
  onClose: () => void;
  /** Called after an import that changed something (the list refreshes). */
  onImported: () => void;
};

/** The server takes bodies up to 1 MB (server/app.ts): some 10,000 staff rows. */
const MAX_FILE_BYTES = 1024 * 1024;

const TEXTS: Record<ImportKind, { title: string; intro: string; template: string }> = {
  staff: {
    title: 'Nhập nhân viên từ Excel',
    intro:
      'Mỗi dòng là một nhân viên; chỉ Số điện thoại là bắt buộc. Số điện thoại đã có trong công ty sẽ được cập nhật, số mới sẽ được mời tham gia.',
    template: 'mau-nhap-nhan-vien.xlsx',
  },
  revenue: {
    title: 'Nhập doanh số từ Excel',
    intro: 'Mỗi dòng là doanh số một tháng của một nhân viên (theo Mã NV hoặc Số điện thoại). Tháng đã nhập trước đó sẽ được ghi đè.',
    template: 'mau-nhap-doanh-so.xlsx',
  },
};

function uploadStep(fileName: string, progress: UploadProgress): ImportStep {
  if (progress.phase === 'processing')
    return { text: `Đang xử lý ${fileName}: máy chủ đang đọc và ghi từng dòng…`, percent: 100, waiting: true, label: 'Đang xử lý' };
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 100;
  return { text: `Đang tải lên ${fileName}: ${percent}%`, percent, stop: 'Hủy', label: 'Tiến độ tải lên' };
}

export function EmployeeImportDialog({ kind, companyId, onClose, onImported }: Props) {
  const [password, setPassword] = useState('');
  const passwordIssue = password ? passwordProblem(password) : null;
  const texts = TEXTS[kind ?? 'staff'];

  const run = async (file: File, job: ImportJob): Promise<ImportOutcome<StaffImportResult>> => {
    if (!/\.xlsx$/i.test(file.name)) return { problem: 'Vui lòng chọn tệp Excel .xlsx (Excel 2007 trở lên).' };
    if (file.size > MAX_FILE_BYTES) return { problem: 'Tệp quá lớn (tối đa 1 MB). Hãy chia tệp thành nhiều phần.' };
    if (passwordIssue) return { problem: `Mật khẩu ban đầu: ${passwordIssue}` };
    const onProgress = (progress: UploadProgress) => job.step(uploadStep(file.name, progress));
    onProgress({ phase: 'uploading', loaded: 0, total: file.size });
    try {
      const answer =
        kind === 'staff'
          ? await importStaff(companyId, file, password, onProgress, job.signal)
          : await importRevenue(companyId, file, onProgress, job.signal);
      const rows = [...answer.data.rows].sort((a, b) => a.row - b.row);
      const failed = rows.filter((row) => !row.ok).length;
      const message = answer.message ?? `Đã xử lý ${rows.length} dòng`;
      if (rows.length > failed) onImported();
      if (failed) toast.warning(message);
      else toast.success(message);
      return { result: { message, rows } };
    } catch (error) {
      if (job.signal.aborted) return { problem: 'Đã hủy tải lên.' };
      if (error instanceof ApiError) return { problem: error.fields.file ?? error.fields.password ?? error.message };
      return { problem: 'Nhập dữ liệu thất bại. Vui lòng thử lại.' };
    }
  };

  return (
    <ImportDialog
      opened={kind !== null}
      onClose={() => {
        setPassword('');
        onClose();
      }}
      title={kind ? texts.title : ''}
      testIdPrefix="import"
      dialogTestId="employee-import-dialog"
      size="xl"
      intro={<Text size="sm">{texts.intro}</Text>}
      template={{
        testId: 'import-template',
        download: () => {
          const path = kind === 'staff' ? employeePaths.staffTemplate : employeePaths.revenueTemplate;
          return downloadFile(path, { company: companyId }, texts.template);
        },
        failure: (error) => writeErrorMessage(error, 'Không tải được tệp mẫu'),
      }}
      fields={
        kind === 'staff' && (
          <NewPasswordInput
            label="Mật khẩu ban đầu cho tài khoản mới"
            description="Dùng cho số điện thoại chưa có tài khoản; có thể để trống nếu mọi người đều đã có tài khoản."
            value={password}
            onChange={setPassword}
            error={passwordIssue}
            data-testid="import-password"
          />
        )
      }
      pickLabel="Chọn tệp .xlsx và tải lên"
      run={run}
      report={(result, { again, close }) => <EmployeeImportReport result={result} onAgain={again} onClose={close} />}
    />
  );
}
