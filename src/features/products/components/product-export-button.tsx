/** "Xuất Excel": downloads the filtered products as .xlsx, showing the bytes received while it streams. */
import { Button, Progress, Stack, Text } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from '@/ui/toast';
import { writeErrorMessage, type ExportProgress, type ProductWrites } from '../api/product-writes';
import type { ProductFilter } from '../model/product-filter';

const kb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`;

export function ProductExportButton({
  writes,
  filter,
  online,
  fullWidth,
}: {
  writes: ProductWrites;
  filter: ProductFilter;
  online: boolean;
  fullWidth?: boolean;
}) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const run = async () => {
    setProgress({ received: 0, total: null });
    try {
      const name = await writes.exportProducts(filter, setProgress);
      toast.success(`Đã tải ${name}`);
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Xuất Excel thất bại'));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={2} style={fullWidth ? { flex: 1 } : undefined}>
      <Button
        variant="default"
        leftSection={<IconFileExport size={18} />}
        onClick={() => void run()}
        loading={progress !== null}
        disabled={!online}
        title={online ? undefined : 'Cần kết nối mạng để xuất Excel'}
        fullWidth={fullWidth}
        data-testid="product-export"
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
            Đã nhận {kb(progress.received)}
            {progress.total ? ` / ${kb(progress.total)}` : ''}
          </Text>
        </>
      )}
    </Stack>
  );
}
