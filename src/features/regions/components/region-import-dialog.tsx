/**
 * "Nhập Excel" for regions: download the template (the company's regions as they are, and a sheet
 * of the 34 provinces), pick an .xlsx, read it in the browser, send its rows in calls of 50 with a
 * progress bar, then show what was created and updated and every refused row (row, column,
 * message), which can be downloaded as a report.
 */
import { Alert, Button, FileButton, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { RegionImportError } from '@contract/regions';
import { toast } from '@/ui/toast';
import { regionErrorMessage, type RegionWrites } from '../api/region-api';
import { sendInChunks } from '@/lib/import-sheet';
import { ImportProgress, ImportReport } from '@/ui/import-report';
import { chunk, mapRegionSheet } from '../model/region-sheet';
import { readImportFile } from '@/lib/import-file';

type Props = { opened: boolean; onClose: () => void; writes: RegionWrites };

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
      errors: RegionImportError[];
      stopped: string | null;
    };

const MAX_FILE_BYTES = 5 * 1024 * 1024;

export function RegionImportDialog({ opened, onClose, writes }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const busy = phase.kind === 'reading' || phase.kind === 'sending';

  const template = async () => {
    setDownloading(true);
    try {
      await writes.downloadTemplate();
    } catch (error) {
      toast.error(regionErrorMessage(error, 'Không tải được file mẫu'));
    } finally {
      setDownloading(false);
    }
  };

  const run = async (file: File) => {
    setProblem(null);
    setPhase({ kind: 'reading', fileName: file.name });
    const read = await readImportFile(file, { maxBytes: MAX_FILE_BYTES, map: mapRegionSheet, template: 'Hãy dùng file mẫu.' });
    if ('problem' in read) {
      setPhase({ kind: 'idle' });
      return setProblem(read.problem);
    }
    const chunks = chunk(read.sheet.rows);
    const controller = new AbortController();
    abort.current = controller;
    const tally = await sendInChunks({
      chunks,
      send: writes.importRows,
      signal: controller.signal,
      onProgress: (done, total) => setPhase({ kind: 'sending', fileName: file.name, done, total }),
      failure: (error) => regionErrorMessage(error, 'Nhập dữ liệu thất bại'),
    });
    abort.current = null;
    await writes.afterImport();
    setPhase({ kind: 'finished', fileName: file.name, ...tally });
    const { created, updated, errors, stopped } = tally;
    if (!stopped) {
      const summary = `Đã thêm ${created}, cập nhật ${updated} khu vực${errors.length ? `, ${errors.length} dòng lỗi` : ''}`;
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
      title="Nhập khu vực từ Excel"
      size="lg"
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <Stack gap="sm" data-testid="region-import-dialog">
        {phase.kind === 'idle' && (
          <>
            <List size="sm" spacing={4}>
              <List.Item>
                Mỗi dòng là một khu vực với các cột <b>Mã khu vực</b>, <b>Tên khu vực</b>, <b>Mô tả</b>, <b>Tỉnh/thành</b>.
              </List.Item>
              <List.Item>
                Tỉnh/thành ghi tên hoặc mã theo đơn vị hành chính mới, cách nhau bởi dấu phẩy (VD: Hồ Chí Minh, Đồng Nai, 80).
              </List.Item>
              <List.Item>Mã đã có sẽ được cập nhật; ô để trống giữ nguyên thông tin cũ.</List.Item>
            </List>
            <Group>
              <Button
                variant="light"
                leftSection={<IconDownload size={18} />}
                onClick={() => void template()}
                loading={downloading}
                data-testid="region-template"
              >
                Tải file mẫu
              </Button>
              <FileButton
                onChange={(file) => file && void run(file)}
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              >
                {(props) => (
                  <Button {...props} leftSection={<IconFileSpreadsheet size={18} />} data-testid="region-import-pick">
                    Chọn tệp .xlsx
                  </Button>
                )}
              </FileButton>
            </Group>
          </>
        )}
        {problem && (
          <Alert color="red" variant="light" data-testid="region-import-problem">
            {problem}
          </Alert>
        )}
        {phase.kind === 'reading' && <Text size="sm">Đang đọc tệp {phase.fileName}…</Text>}
        {phase.kind === 'sending' && <ImportProgress {...phase} onStop={() => abort.current?.abort()} testIdPrefix="region-import" />}
        {phase.kind === 'finished' && (
          <ImportReport {...phase} onAgain={() => setPhase({ kind: 'idle' })} onClose={close} testIdPrefix="region-import" />
        )}
      </Stack>
    </Modal>
  );
}
