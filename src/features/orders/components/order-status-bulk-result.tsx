/**
 * The answer of a bulk status move, order by order (updateliststatusorder/ answers each one: moved,
 * or refused with the server's reason — none is half-applied).
 */
import { Badge, Button, Group, ScrollArea, Stack, Text, ThemeIcon } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { BulkStatusResult } from '@contract/orders';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@contract/orders-status';
import { DataTable } from '@/ui/list-page/data-table';

export type BulkOrderLabel = { code: string; customer: string };

type Props = {
  opened: boolean;
  target: OrderStatus | null;
  results: readonly BulkStatusResult[];
  /** How an order is named in the list (its code, its customer); unknown ids show their id. */
  labelOf: (id: string) => BulkOrderLabel | undefined;
  /** The server's summary ("Đã cập nhật 2/3 đơn hàng"). */
  message?: string | null;
  onClose: () => void;
};

export function bulkSummary(results: readonly BulkStatusResult[]): { moved: number; refused: number } {
  const moved = results.filter((result) => result.ok).length;
  return { moved, refused: results.length - moved };
}

export function BulkResultDialog({ opened, target, results, labelOf, message, onClose }: Props) {
  const { moved, refused } = bulkSummary(results);
  // Refused orders first: they are the ones that need attention.
  const sorted = [...results].sort((a, b) => Number(a.ok) - Number(b.ok));
  return (
    <ResponsiveModal phoneFullScreen={false} opened={opened} onClose={onClose} title="Kết quả chuyển trạng thái" centered size="lg">
      <Stack gap="md" data-testid="bulk-result">
        <Text size="sm">
          {message ?? `Đã cập nhật ${moved}/${results.length} đơn hàng`}
          {target ? ` sang “${ORDER_STATUS_LABELS[target]}”` : ''}.
        </Text>
        <Group gap="xs">
          <Badge color="teal" variant="light" tt="none" data-testid="bulk-moved">
            Thành công: {moved}
          </Badge>
          <Badge color={refused > 0 ? 'red' : 'gray'} variant="light" tt="none" data-testid="bulk-refused">
            Không chuyển được: {refused}
          </Badge>
        </Group>
        <ScrollArea.Autosize mah={360}>
          <DataTable
            rowTestId="bulk-result-row"
            rows={sorted}
            rowKey={(result) => result.id}
            rowProps={(result) => ({ 'data-ok': result.ok })}
            verticalSpacing="xs"
            hover={false}
            columns={[
              {
                key: 'icon',
                width: 36,
                cell: (result) => (
                  <ThemeIcon
                    size="sm"
                    radius="xl"
                    variant="light"
                    color={result.ok ? 'teal' : 'red'}
                    aria-label={result.ok ? 'Thành công' : 'Không chuyển được'}
                  >
                    {result.ok ? <IconCheck size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                ),
              },
              {
                key: 'order',
                label: 'Đơn hàng',
                cell: (result) => {
                  const label = labelOf(result.id);
                  return (
                    <>
                      <Text size="sm" fw={600}>
                        {label?.code ?? result.id}
                      </Text>
                      {label?.customer && (
                        <Text size="xs" c="dimmed">
                          {label.customer}
                        </Text>
                      )}
                    </>
                  );
                },
              },
              {
                key: 'result',
                label: 'Kết quả',
                cell: (result) =>
                  result.ok ? (
                    <Text size="sm" c="teal">
                      Đã chuyển sang “{result.status ? ORDER_STATUS_LABELS[result.status] : ''}”
                    </Text>
                  ) : (
                    <Text size="sm" c="red">
                      {result.message ?? 'Không chuyển được'}
                    </Text>
                  ),
              },
            ]}
          />
        </ScrollArea.Autosize>
        <Group justify="flex-end">
          <Button onClick={onClose}>Đóng lại</Button>
        </Group>
      </Stack>
    </ResponsiveModal>
  );
}
