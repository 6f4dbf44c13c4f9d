/**
 * "Nhập sản phẩm từ Excel" on the programme form: a sheet of SKUs (template from promotion/template/)
 * read in the browser with the imports' own reader, sent to promotion/import/, and the variants found
 * added to the programme's goods (nothing is saved until the form is); the rows not found are listed
 * with their row number and why.
 */
import { Alert, Button, Group, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { readImportFile } from '@/lib/import-file';
import { ImportDialog, type ImportJob, type ImportOutcome } from '@/ui/import-dialog/import-dialog';
import { toast } from '@/ui/toast';
import { downloadLinesTemplate, promotionError, readPromotionLines } from '@/features/promotions/api/promotion-api';
import { linesImportRows, linesOutcome, mapLinesSheet, MAX_LINES_ROWS, type LinesOutcome } from '@/features/promotions/model/lines-sheet';

type Props = {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  /** The variants already in the programme (to tell how many are new). */
  chosen: readonly number[];
  onFound: (ids: number[]) => void;
};

type Result = LinesOutcome & { fileName: string };

const MAX_FILE_BYTES = 2 * 1024 * 1024;

export function LinesImportDialog({ companyId, opened, onClose, chosen, onFound }: Props) {
  const run = async (file: File, job: ImportJob): Promise<ImportOutcome<Result>> => {
    job.step({ text: `Đang đọc tệp ${file.name}…` });
    const read = await readImportFile(file, { maxBytes: MAX_FILE_BYTES, map: mapLinesSheet, template: 'Hãy dùng tệp mẫu.' });
    if ('problem' in read) return read;
    const { rows } = read.sheet;
    if (rows.length > MAX_LINES_ROWS) return { problem: `Tệp có ${rows.length} dòng: mỗi lần nhập tối đa ${MAX_LINES_ROWS} dòng.` };
    job.step({ text: `Đang tìm ${rows.length} mã SKU…`, percent: 100, waiting: true, label: 'Đang tìm sản phẩm' });
    try {
      const answer = await readPromotionLines(companyId, linesImportRows(rows), job.signal);
      const outcome = linesOutcome(answer, chosen);
      onFound(answer.variant_ids);
      const summary = `Đã thêm ${outcome.added} sản phẩm vào chương trình${outcome.missing.length ? `, ${outcome.missing.length} dòng không tìm thấy` : ''}`;
      if (outcome.missing.length) toast.warning(summary);
      else toast.success(summary);
      return { result: { ...outcome, fileName: file.name } };
    } catch (error) {
      if (job.signal.aborted) return { problem: 'Đã dừng, chưa thêm sản phẩm nào.' };
      return { problem: `${promotionError(error, 'Không đọc được danh sách sản phẩm')}. Chưa thêm sản phẩm nào.` };
    }
  };

  return (
    <ImportDialog
      opened={opened}
      onClose={onClose}
      title="Nhập sản phẩm khuyến mại từ Excel"
      testIdPrefix="lines-import"
      intro={
        <List size="sm" spacing={4}>
          <List.Item>
            Mỗi dòng một sản phẩm, theo cột <b>Mã SKU</b> (mã biến thể); cột Tên sản phẩm chỉ để tham khảo.
          </List.Item>
          <List.Item>Sản phẩm tìm thấy được thêm vào phạm vi chương trình; bấm Lưu để ghi lại.</List.Item>
        </List>
      }
      template={{
        testId: 'lines-import-template',
        download: () => downloadLinesTemplate(companyId),
        failure: (error) => promotionError(error, 'Không tải được tệp mẫu'),
      }}
      run={run}
      report={(result, { again, close }) => <LinesReport result={result} onAgain={again} onClose={close} />}
    />
  );
}

function LinesReport({ result, onAgain, onClose }: { result: Result; onAgain: () => void; onClose: () => void }) {
  return (
    <Stack gap="sm" data-testid="lines-import-report">
      <Text size="sm">
        Tệp {result.fileName}: tìm thấy <b data-testid="lines-import-found">{result.found}</b> sản phẩm, thêm mới{' '}
        <b data-testid="lines-import-added">{result.added}</b>.
      </Text>
      {result.missing.length > 0 && (
        <>
          <Alert color="yellow" variant="light">
            {result.missing.length} dòng không tìm thấy sản phẩm:
          </Alert>
          <ScrollArea.Autosize mah={260}>
            <Table striped withTableBorder data-testid="lines-import-missing">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dòng</Table.Th>
                  <Table.Th>Mã SKU</Table.Th>
                  <Table.Th>Lý do</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.missing.map((row) => (
                  <Table.Tr key={row.row} data-testid="lines-import-missing-row">
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.sku || '—'}</Table.Td>
                    <Table.Td>{row.problem}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain} data-testid="lines-import-again">
          Nhập tệp khác
        </Button>
        <Button onClick={onClose} data-testid="lines-import-close">
          Xong
        </Button>
      </Group>
    </Stack>
  );
}
