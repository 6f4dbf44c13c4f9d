/**
 * "Xuất Excel" of a list: downloads every row of the current filter (the server builds the file,
 * so it is off without a network), spins while it runs, toasts what it saved or why it failed,
 * and, for large files, shows the bytes received as they stream. An icon on a phone's toolbar.
 */
import { ActionIcon, Button, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '@/ui/toast';

export type ExportProgress = { received: number; total: number | null };

type Props = {
  /** Downloads the file; resolves to what to toast ("Đã tải về …") or to nothing. */
  run: (onProgress: (progress: ExportProgress) => void) => Promise<string | void>;
  failure: (error: unknown) => string;
  offline?: boolean;
  /** Shows the bytes received under the button (a file that takes a while). */
  withProgress?: boolean;
  iconOnly?: boolean;
  fullWidth?: boolean;
  testId: string;
};

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

export function ExportButton({ run, failure, offline = false, withProgress = false, iconOnly = false, fullWidth, testId }: Props) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const start = async () => {
    setRunning(true);
    if (withProgress) setProgress({ received: 0, total: null });
    try {
      const done = await run((next) => withProgress && setProgress(next));
      if (done) toast.success(done);
    } catch (error) {
      toast.error(failure(error));
    } finally {
      setRunning(false);
      setProgress(null);
    }
  };
  const title = offline ? 'Cần kết nối mạng để xuất Excel' : undefined;
  if (iconOnly)
    return (
      <Tooltip label={title ?? 'Xuất Excel'}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label="Xuất Excel"
          loading={running}
          disabled={offline}
          onClick={() => void start()}
          data-testid={testId}
        >
          <IconFileExport size={20} />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Stack gap={2} style={fullWidth ? { flex: 1 } : undefined}>
      <Button
        variant="default"
        leftSection={<IconFileExport size={18} />}
        onClick={() => void start()}
        loading={running}
        disabled={offline}
        title={title}
        fullWidth={fullWidth}
        data-testid={testId}
      >
        Xuất Excel
      </Button>
      {progress && (
        <>
          <Progress
            size="xs"
            value={progress.total ? (progress.received / progress.total) * 100 : 100}
            animated={!progress.total}
            aria-label="Tiến độ xuất Excel"
          />
          <Text size="xs" c="dimmed" ta="center" data-testid="export-progress">
            Đã nhận {size(progress.received)}
            {progress.total ? ` / ${size(progress.total)}` : ''}
          </Text>
        </>
      )}
    </Stack>
  );
}
