/**
 * "Nhập Excel": pick an .xlsx, read it in the browser (header names mapped to the product sheet's
 * columns), send the rows in calls of at most 500 (cut between products) with a progress bar of
 * rows done, then show what was created and updated and every refused row (row, column, message),
 * which can be downloaded as a report. Loaded only when the dialog is first opened.
 */
import { Alert, Button, FileButton, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { type ProductImportError } from '@contract/products';
import { toast } from '@/ui/toast';
import { writeErrorMessage, type ProductWrites } from '../api/product-writes';
import { sendInChunks } from '@/lib/import-sheet';
import { ImportProgress, ImportReport } from '@/ui/import-report';
import { chunkRows, mapSheetRows } from '../model/product-sheet';
import { readImportFile } from '@/lib/import-file';

type Props = { opened: boolean; onClose: () => void; writes: ProductWrites; online: boolean };

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'sending'; fileName: string; done: number; total: number }
  | {
      kind: 'finished';
      fileName: string;
      total: number;
      created: number;
      updated: number;
      errors: ProductImportError[];
      stopped: string | null;
    };

const MAX_FILE_BYTES = 20 * 1024 * 1024;

export function ProductImportDialog({ opened, onClose, writes, online }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const busy = phase.kind === 'reading' || phase.kind === 'sending';

  const run = async (file: File) => {
    setProblem(null);
    setPhase({ kind: 'reading', fileName: file.name });
    const read = await readImportFile(file, {
      maxBytes: MAX_FILE_BYTES,
      map: mapSheetRows,
      template: 'Hãy dùng tệp xuất từ "Xuất Excel" làm mẫu.',
    });
    if ('problem' in read) {
      setPhase({ kind: 'idle' });
      return setProblem(read.problem);
    }
    const chunks = chunkRows(read.sheet.rows);
    const controller = new AbortController();
    abort.current = controller;
    const tally = await sendInChunks({
      chunks,
      send: writes.importRows,
      signal: controller.signal,
      onProgress: (done, total) => setPhase({ kind: 'sending', fileName: file.name, done, total }),
      failure: (error) => writeErrorMessage(error, 'Nhập dữ liệu thất bại'),
    });
    abort.current = null;
    await writes.afterImport();
    setPhase({ kind: 'finished', fileName: file.name, ...tally });
    const { created, updated, errors, stopped } = tally;
    if (!stopped) {
      const summary = `Đã thêm ${created}, cập nhật ${updated} sản phẩm${errors.length ? `, ${errors.length} dòng lỗi` : ''}`;
      if (errors.length) toast.warning(summary);
      else toast.success(summary);
    }
  };

  const close = () => {
    if (busy) return;
    setPhase({ kind: 'idle' });
    setProblem(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Nhập sản phẩm từ Excel"
      size="lg"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="sm" data-testid="import-dialog">
        {!online && (
          <Alert color="yellow" variant="light">
            Cần kết nối mạng để nhập sản phẩm.
          </Alert>
        )}
        {phase.kind === 'idle' && (
          <>
            <Text size="sm">
              Mỗi dòng là một đơn vị tính của một biến thể. Các dòng cùng <b>Mã SP</b> là một sản phẩm; dòng để trống Mã SP sẽ tạo sản phẩm
              mới. Dùng tệp từ "Xuất Excel" làm mẫu.
            </Text>
            <FileButton
              onChange={(file) => file && void run(file)}
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            >
              {(props) => (
                <Button {...props} leftSection={<IconFileSpreadsheet size={18} />} disabled={!online} data-testid="import-pick">
                  Chọn tệp .xlsx
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
        {phase.kind === 'reading' && <Text size="sm">Đang đọc tệp {phase.fileName}…</Text>}
        {phase.kind === 'sending' && <ImportProgress {...phase} onStop={() => abort.current?.abort()} testIdPrefix="import" />}
        {phase.kind === 'finished' && (
          <ImportReport {...phase} onAgain={() => setPhase({ kind: 'idle' })} onClose={close} testIdPrefix="import" />
        )}
      </Stack>
    </Modal>
  );
}
