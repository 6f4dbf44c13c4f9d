/**
 * The drop-down filters of a list: on a desktop they are shown (with "Xóa bộ lọc" once any is
 * set); on a phone they fold under a "Bộ lọc" button that shows how many are set, open at first
 * when some are. Most lists give the filters once as `children` (a grid of `cols` on a desk, a
 * stack on a phone); a list laid out differently per device gives `desktop` and `mobile`.
 */
import { Badge, Button, Collapse, Group, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type Props = {
  /** How many filters are set. */
  active: number;
  onClear: () => void;
  isMobile: boolean;
  /** The filters, the same on both layouts. */
  children?: ReactNode;
  /** How many filters a desktop row holds. */
  cols?: number;
  /** The filters laid out for a desktop, when they differ from `children`. */
  desktop?: ReactNode;
  /** The filters stacked for a phone, when they differ from `children`. */
  mobile?: ReactNode;
  toggleLabel?: string;
  toggleTestId?: string;
  clearTestId?: string;
};

export function FilterPanel(props: Props) {
  const { active, onClear, isMobile, children, cols = 4, toggleLabel = 'Bộ lọc', toggleTestId, clearTestId } = props;
  const [open, toggle] = useDisclosure(active > 0);
  const desktop = props.desktop ?? (
    <SimpleGrid cols={cols} spacing="sm">
      {children}
    </SimpleGrid>
  );
  const mobile = props.mobile ?? children;
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
