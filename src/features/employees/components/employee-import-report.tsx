/**
 * The result of a staff or revenue import, row by row as the server answered: the server's
 * summary, how many rows were done and refused, and the rows (the refused ones first shown, or
 * all), each with its column and reason. Refused rows changed nothing.
 */
import { Alert, Badge, Button, Group, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ImportRowResult } from '@contract/employees';

export type StaffImportResult = { message: string; rows: ImportRowResult[] };

type Props = { result: StaffImportResult; onAgain: () => void; onClose: () => void };

export function EmployeeImportReport({ result, onAgain, onClose }: Props) {
  const [show, setShow] = useState<'errors' | 'all'>('errors');
  const failed = result.rows.filter((row) => !row.ok);
  const rows = show === 'errors' ? failed : result.rows;
  return (
    <Stack gap="sm" data-testid="import-report">
      <Alert color={failed.length ? 'yellow' : 'teal'} variant="light">
        {result.message}
      </Alert>
      <Group gap="lg">
        <Text size="sm">
          Thành công: <b data-testid="import-ok-count">{result.rows.length - failed.length}</b>
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
