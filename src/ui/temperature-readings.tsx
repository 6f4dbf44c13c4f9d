/**
 * The temperature card of a document holding cold goods (contract/pharma-cold.ts): which goods are
 * cold and their range, the readings newest first with who took them and the "ngoài khoảng bảo quản"
 * flag, and a small form (°C with one decimal, a note) for whoever may record one. Shared by the
 * delivery's drawer (as goods leave) and the import receipt's page (as they arrive); each feature
 * passes its own reads and write.
 */
import { Alert, Badge, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTemperature } from '@tabler/icons-react';
import { useState } from 'react';
import { STORAGE_LABELS } from '@contract/pharma';
import type { TemperatureAnswer } from '@contract/pharma-cold';
import { formatDateTime } from '@/lib/dates';
import { toastedWrite } from './toasted-write';
import { formatNumber } from '@/lib/money';

type Props = {
  answer: TemperatureAnswer | undefined;
  canAdd: boolean;
  onAdd: (celsius: number, note: string | null) => Promise<unknown>;
  /** The moment the reading belongs to, for the hint: "khi xuất hàng", "khi nhận hàng". */
  moment: string;
};

const celsiusText = (value: number) => `${formatNumber(value, 1)} °C`;

export function TemperatureReadings({ answer, canAdd, onAdd, moment }: Props) {
  const [celsius, setCelsius] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (!answer || (answer.cold_items.length === 0 && answer.readings.length === 0)) return null;
  const { cold_items: cold, readings } = answer;

  async function add() {
    if (typeof celsius !== 'number') return;
    setBusy(true);
    const done = await toastedWrite(
      async () => {
        await onAdd(celsius, note.trim() || null);
        return 'Đã ghi nhiệt độ';
      },
      (error) => (error instanceof Error && error.message ? error.message : 'Không ghi được nhiệt độ'),
    );
    setBusy(false);
    if (done) {
      setCelsius('');
      setNote('');
    }
  }

  return (
    <Card withBorder data-testid="temperature-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconTemperature size={18} />
          <Text fw={600}>Nhiệt độ bảo quản</Text>
        </Group>
        {cold.length > 0 && (
          <Text size="sm" data-testid="temperature-cold-items">
            Hàng cần bảo quản lạnh: {cold.map((item) => `${item.name} (${STORAGE_LABELS[item.storage]})`).join(', ')}.
          </Text>
        )}
        {cold.length > 0 && readings.length === 0 && (
          <Alert color="orange" variant="light" data-testid="temperature-missing">
            Chưa ghi nhiệt độ {moment}. Đo nhiệt độ trong thùng hàng lạnh và ghi lại (GSP/GDP).
          </Alert>
        )}
        {readings.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table data-testid="temperature-readings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Thời điểm</Table.Th>
                  <Table.Th ta="right">Nhiệt độ</Table.Th>
                  <Table.Th>Người đo</Table.Th>
                  <Table.Th>Ghi chú</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {readings.map((reading) => (
                  <Table.Tr key={reading.id} data-testid="temperature-reading" data-out={reading.out_of_range !== null}>
                    <Table.Td>{formatDateTime(reading.taken_at)}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={600} c={reading.out_of_range ? 'red' : undefined}>
                        {celsiusText(reading.celsius)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{reading.taken_by.name}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {reading.out_of_range && (
                          <Badge color="red" variant="light" size="sm" title={reading.out_of_range}>
                            Ngoài khoảng bảo quản
                          </Badge>
                        )}
                        {reading.note && <Text size="xs">{reading.note}</Text>}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canAdd && (
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NumberInput
              label="Nhiệt độ (°C)"
              value={celsius}
              onChange={setCelsius}
              decimalScale={1}
              decimalSeparator=","
              allowNegative
              min={-80}
              max={60}
              w={130}
              data-testid="temperature-celsius"
            />
            <TextInput
              label="Ghi chú"
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={255}
              style={{ flex: 1, minWidth: 160 }}
              data-testid="temperature-note"
            />
            <Button onClick={() => void add()} loading={busy} disabled={typeof celsius !== 'number'} data-testid="temperature-add">
              Ghi nhiệt độ
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
