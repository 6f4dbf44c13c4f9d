/**
 * "Nhập nhân viên từ Excel" and "Nhập doanh số từ Excel": download the template, pick an .xlsx
 * (and, for staff, the initial password of accounts the sheet creates), then watch the upload's
 * progress and the server's processing, and read the result of every row: what was done, or the
 * column and reason it was refused. Refused rows changed nothing; they can be fixed and the same
 * file sent again (rows already done are updated, not duplicated).
 */
import { Alert, Badge, Button, FileButton, Group, Modal, Progress, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { passwordProblem } from '@contract/auth-password';
import { employeePaths, type ImportRowResult } from '@contract/employees';
import { ApiError } from '@/api/api-error';
import { RuleTextInput } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { downloadFile } from '@/api/files';
import { importRevenue, importStaff, writeErrorMessage, type UploadProgress } from '../api/employee-api';

export type ImportKind = 'staff' | 'revenue';

type Props = {
  kind: ImportKind | null;
  companyId: number;
  onClose: () => void;
  /** Called after an import that changed something (the list refreshes). */
  onImported: () => void;
  isMobile: boolean;
};

type Phase =
  | { kind: 'idle' }
  | { kind: 'working'; fileName: string; progress: UploadProgress }
  | { kind: 'finished'; fileName: string; message: string; rows: ImportRowResult[] };

/** The server takes bodies up to 1 MB (server/app.ts): some 10,000 staff rows. */
const MAX_FILE_BYTES = 1024 * 1024;

const TITLES: Record<ImportKind, string> = { staff: 'Nhập nhân viên từ Excel', revenue: 'Nhập doanh số từ Excel' };

export function EmployeeImportDialog({ kind, companyId, onClose, onImported, isMobile }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'working';
  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    onClose();
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={kind ? TITLES[kind] : ''}
      size="xl"
      centered
      fullScreen={isMobile}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ 'aria-label': 'Đóng' }}
    >
      {kind && <ImportBody kind={kind} companyId={companyId} phase={phase} setPhase={setPhase} onImported={onImported} onClose={close} />}
    </Modal>
  );
}

type BodyProps = {
  kind: ImportKind;
  companyId: number;
  phase: Phase;
  setPhase: (phase: Phase) => void;
  onImported: () => void;
  onClose: () => void;
};

function ImportBody({ kind, companyId, phase, setPhase, onImported, onClose }: BodyProps) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const passwordIssue = password ? passwordProblem(password) : null;

  const template = async () => {
    setDownloading(true);
    try {
      const path = kind === 'staff' ? employeePaths.staffTemplate : employeePaths.revenueTemplate;
      await downloadFile(path, { company: companyId }, kind === 'staff' ? 'mau-nhap-nhan-vien.xlsx' : 'mau-nhap-doanh-so.xlsx');
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Không tải được tệp mẫu'));
    } finally {
      setDownloading(false);
    }
  };

  const run = async (file: File) => {
    setProblem(null);
    if (!/\.xlsx$/i.test(file.name)) return setProblem('Vui lòng chọn tệp Excel .xlsx (Excel 2007 trở lên).');
    if (file.size > MAX_FILE_BYTES) return setProblem('Tệp quá lớn (tối đa 1 MB). Hãy chia tệp thành nhiều phần.');
    if (passwordIssue) return setProblem(`Mật khẩu ban đầu: ${passwordIssue}`);
    const controller = new AbortController();
    abort.current = controller;
    const onProgress = (progress: UploadProgress) => setPhase({ kind: 'working', fileName: file.name, progress });
    onProgress({ phase: 'uploading', loaded: 0, total: file.size });
    try {
      const answer =
        kind === 'staff'
          ? await importStaff(companyId, file, password, onProgress, controller.signal)
          : await importRevenue(companyId, file, onProgress, controller.signal);
      const rows = [...answer.data.rows].sort((a, b) => a.row - b.row);
      const failed = rows.filter((row) => !row.ok).length;
      const message = answer.message ?? `Đã xử lý ${rows.length} dòng`;
      setPhase({ kind: 'finished', fileName: file.name, message, rows });
      if (rows.length > failed) onImported();
      if (failed) toast.warning(message);
      else toast.success(message);
    } catch (error) {
      setPhase({ kind: 'idle' });
      if (controller.signal.aborted) setProblem('Đã hủy tải lên.');
      else if (error instanceof ApiError) setProblem(error.fields.file ?? error.fields.password ?? error.message);
      else setProblem('Nhập dữ liệu thất bại. Vui lòng thử lại.');
    } finally {
      abort.current = null;
    }
  };

  return (
    <Stack gap="sm" data-testid="employee-import-dialog">
      {phase.kind === 'idle' && (
        <>
          <Text size="sm">
            {kind === 'staff'
              ? 'Mỗi dòng là một nhân viên; chỉ Số điện thoại là bắt buộc. Số điện thoại đã có trong công ty sẽ được cập nhật, số mới sẽ được mời tham gia.'
              : 'Mỗi dòng là doanh số một tháng của một nhân viên (theo Mã NV hoặc Số điện thoại). Tháng đã nhập trước đó sẽ được ghi đè.'}
          </Text>
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={downloading}
              onClick={() => void template()}
              data-testid="import-template"
            >
              Tải tệp mẫu
            </Button>
          </Group>
          {kind === 'staff' && (
            <RuleTextInput
              label="Mật khẩu ban đầu cho tài khoản mới"
              description="Dùng cho số điện thoại chưa có tài khoản; có thể để trống nếu mọi người đều đã có tài khoản."
              password
              autoComplete="new-password"
              value={password}
              onChange={setPassword}
              error={passwordIssue}
              data-testid="import-password"
            />
          )}
          <FileButton
            onChange={(file) => file && void run(file)}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          >
            {(props) => (
              <Button {...props} leftSection={<IconFileSpreadsheet size={18} />} data-testid="import-pick">
                Chọn tệp .xlsx và tải lên
              </Button>
            )}
          </FileButton>
        </>
      )}
      {problem && (
        <Alert color="red" variant="light" data-testid="import-problem">
          {problem}
        </Alert>
      )}
      {phase.kind === 'working' && <WorkingState phase={phase} onCancel={() => abort.current?.abort()} />}
      {phase.kind === 'finished' && <ImportReport phase={phase} onAgain={() => setPhase({ kind: 'idle' })} onClose={onClose} />}
    </Stack>
  );
}

function WorkingState({ phase, onCancel }: { phase: Extract<Phase, { kind: 'working' }>; onCancel: () => void }) {
  const { progress } = phase;
  const uploading = progress.phase === 'uploading';
  const percent = uploading && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 100;
  return (
    <Stack gap={6} data-testid="import-progress">
      <Text size="sm">
        {uploading ? `Đang tải lên ${phase.fileName}: ${percent}%` : `Đang xử lý ${phase.fileName}: máy chủ đang đọc và ghi từng dòng…`}
      </Text>
      <Progress value={percent} animated striped={!uploading} aria-label={uploading ? 'Tiến độ tải lên' : 'Đang xử lý'} />
      {uploading && (
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onCancel}>
            Hủy
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function ImportReport({
  phase,
  onAgain,
  onClose,
}: {
  phase: Extract<Phase, { kind: 'finished' }>;
  onAgain: () => void;
  onClose: () => void;
}) {
  const [show, setShow] = useState<'errors' | 'all'>('errors');
  const failed = phase.rows.filter((row) => !row.ok);
  const rows = show === 'errors' ? failed : phase.rows;
  return (
    <Stack gap="sm" data-testid="import-report">
      <Alert color={failed.length ? 'yellow' : 'teal'} variant="light">
        {phase.message}
      </Alert>
      <Group gap="lg">
        <Text size="sm">
          Thành công: <b data-testid="import-ok-count">{phase.rows.length - failed.length}</b>
        </Text>
        <Text size="sm" c={failed.length ? 'red' : undefined}>
          Dòng lỗi: <b data-testid="import-error-count">{failed.length}</b>
        </Text>
        <SegmentedControl
          size="xs"
          value={show}
          onChange={(value) => setShow(value as 'errors' | 'all')}
          data={[
            { value: 'errors', label: 'Dòng lỗi' },
            { value: 'all', label: 'Tất cả' },
          ]}
        />
      </Group>
      {rows.length > 0 && (
        <ScrollArea.Autosize mah={320}>
          <Table striped withTableBorder verticalSpacing={4} data-testid="import-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Dòng</Table.Th>
                <Table.Th w={110}>Kết quả</Table.Th>
                <Table.Th w={130}>Cột</Table.Th>
                <Table.Th>Chi tiết</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.row} data-testid={row.ok ? 'import-row-ok' : 'import-row-error'}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" tt="none" color={row.ok ? 'teal' : 'red'}>
                      {row.ok ? 'Thành công' : 'Lỗi'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.column ?? '—'}</Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Group justify="flex-end">
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={onAgain}>
          Nhập tệp khác
        </Button>
        <Button onClick={onClose}>Xong</Button>
      </Group>
    </Stack>
  );
}
