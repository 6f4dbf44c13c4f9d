/** The labels of the checked deliveries, printed at once in the size chosen (transport-list-view.tsx). */
import { Button, Group, Select, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { LABEL_SIZE_LABELS, LABEL_SIZES, type LabelSize } from '@contract/delivery';

type Props = {
  count: number;
  size: LabelSize;
  setSize: (size: LabelSize) => void;
  print: () => void;
  clear: () => void;
};

export function TransportBulkBar({ count, size, setSize, print, clear }: Props) {
  return (
    <Group gap="xs" data-testid="transport-bulk">
      <Text size="sm">Đã chọn {count} đơn</Text>
      <Select
        size="xs"
        w={160}
        data={LABEL_SIZES.map((value) => ({ value, label: LABEL_SIZE_LABELS[value] }))}
        value={size}
        onChange={(value) => value && setSize(value as LabelSize)}
        allowDeselect={false}
        aria-label="Khổ nhãn"
      />
      <Button size="xs" leftSection={<IconPrinter size={16} />} onClick={print} data-testid="transport-print">
        In nhãn
      </Button>
      <Button size="xs" variant="subtle" onClick={clear}>
        Bỏ chọn
      </Button>
    </Group>
  );
}
