/**
 * The drop-down filters of a list: on a desktop they are shown (with "Xóa bộ lọc" once any is
 * set); on a phone they fold under a "Bộ lọc" button that shows how many are set, open at first
 * when some are.
 */
import { Badge, Button, Collapse, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  /** How many filters are set. */
  active: number;
  onClear: () => void;
  isMobile: boolean;
  /** The filters laid out for a desktop (a grid). */
  desktop: ReactNode;
  /** The filters stacked for a phone. */
  mobile: ReactNode;
  toggleLabel?: string;
  toggleTestId?: string;
  clearTestId?: string;
};

export function FilterPanel({ active, onClear, isMobile, desktop, mobile, toggleLabel = 'Bộ lọc', toggleTestId, clearTestId }: Props) {
  const [open, toggle] = useDisclosure(active > 0);
  if (!isMobile) {
    return (
      <Stack gap="sm">
        {desktop}
        {active > 0 && (
          <Group justify="flex-end">
            <Button variant="subtle" size="compact-sm" leftSection={<IconX size={14} />} onClick={onClear} data-testid={clearTestId}>
              Xóa bộ lọc
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between">
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          rightSection={
            active > 0 ? (
              <Badge size="sm" circle>
                {active}
              </Badge>
            ) : null
          }
          onClick={toggle.toggle}
          aria-expanded={open}
          data-testid={toggleTestId}
        >
          {toggleLabel}
        </Button>
        {active > 0 && (
          <Button variant="subtle" size="compact-sm" onClick={onClear} data-testid={clearTestId}>
            Xóa bộ lọc
          </Button>
        )}
      </Group>
      <Collapse expanded={open}>
        <Stack gap="xs">{mobile}</Stack>
      </Collapse>
    </Stack>
  );
}
