/**
 * The report after a sheet import (products, regions): what was created and updated, each refused
 * row with its column and reason, and those rows as a CSV to fix the file with; "Nhập tệp khác"
 * starts again. Test ids start with `testIdPrefix`.
 */
import { Alert, Button, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { errorReportCsv } from '@/lib/import-sheet';
import { saveBlob } from '@/api/files';
import type { RowError } from './sheet-import';

type ReportProps = {
  fileName: string;
  created: number;
  updated: number;
  errors: readonly RowError[];
  /** Why the import stopped before the end (a refused call, the person pressed Dừng), if it did. */
  stopped: string | null;
  onAgain: () => void;
  onClose: () => void;
  testIdPrefix: string;
};

export function ImportReport({ fileName, created, updated, errors, stopped, onAgain, onClose, testIdPrefix: id }: ReportProps) {
  const download = () =>
    saveBlob(new Blob([errorReportCsv(errors)], { type: 'text/csv;charset=utf-8' }), `bao-cao-loi-${fileName.replace(/\.xlsx$/i, '')}.csv`);
  return (
    <Stack gap="sm" data-testid={`${id}-report`}>
      {stopped && (
        <Alert color="red" variant="light">
          {stopped}
        </Alert>
      )}
      <Group gap="lg">
        <Text size="sm">
          Thêm mới: <b data-testid={`${id}-created`}>{created}</b>
        </Text>
        <Text size="sm">
          Cập nhật: <b data-testid={`${id}-updated`}>{updated}</b>
        </Text>
        <Text size="sm" c={errors.length ? 'red' : undefined}>
          Dòng lỗi: <b data-testid={`${id}-error-count`}>{errors.length}</b>
        </Text>
      </Group>
      {errors.length > 0 && (
        <>
          <ScrollArea.Autosize mah={280}>
            <Table striped withTableBorder verticalSpacing={4} data-testid={`${id}-errors`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>Dòng</Table.Th>
                  <Table.Th w={130}>Cột</Table.Th>
                  <Table.Th>Lỗi</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((error, i) => (
                  <Table.Tr key={`${error.row}-${i}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.field ?? '—'}</Table.Td>
                    <Table.Td>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={download} data-testid={`${id}-error-download`}>
              Tải báo cáo lỗi
            </Button>
          </Group>
        </>
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
