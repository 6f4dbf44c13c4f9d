// The spinner shown where a page's or a panel's content will be, while it loads.
import { Group, Loader } from '@mantine/core';

export function LoadingBlock() {
  return (
    <Group justify="center" py="xl">
      <Loader />
    </Group>
  );
}
