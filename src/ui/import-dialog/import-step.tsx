/**
 * An import under way, as the dialog shows it: what is happening ("Đang nhập a.xlsx: 500 / 1200
 * dòng"), a bar, and the button that stops it while it still can be stopped (rows not yet sent,
 * an upload not yet finished). Once the server works on a whole file there is nothing to stop.
 */
import { Button, Group, Progress, Stack, Text } from '@mantine/core';

export type ImportStep = {
  text: string;
  /** 0–100; none while the file is being read (no bar yet). */
  percent?: number;
  /** The server is working on the file: the bar stripes, it can no longer be stopped. */
  waiting?: boolean;
  /** The stop button's label ("Dừng", "Hủy"); none when it cannot be stopped. */
  stop?: string;
  /** The bar's accessible name. */
  label?: string;
};

export function ImportStepView({ step, onStop, testId }: { step: ImportStep; onStop: () => void; testId: string }) {
  return (
    <Stack gap={6} data-testid={step.percent === undefined ? undefined : testId}>
      <Text size="sm">{step.text}</Text>
      {step.percent !== undefined && <Progress value={step.percent} animated striped={step.waiting} aria-label={step.label} />}
      {step.stop && (
        <Group justify="flex-end">
          <Button variant="default" size="xs" onClick={onStop}>
            {step.stop}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
