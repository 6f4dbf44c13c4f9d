/** The counts (kiểm kho) open on this device, to pick one to count; works offline once pulled. */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { AnchorLink } from '@/ui/anchor-link';
import { EmptyState } from '@/ui/empty-state';
import { useOpenChecks } from '../api/device-counts';

export function OpenCounts({ db, companyId }: { db: AppDb; companyId: number }) {
  const checks = useOpenChecks(db, companyId);
  if (checks === undefined) return null;
  if (checks.length === 0)
    return (
      <EmptyState
        title="Chưa có phiếu kiểm kho nào đang mở"
        description="Phiếu kiểm kho do văn phòng hoặc thủ kho tạo sẽ hiện ở đây để đếm trên điện thoại."
      />
    );
  return (
    <Stack gap="xs" data-testid="open-counts">
      {checks.map((check) => (
        <Card key={check.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <AnchorLink to="/inventory/count/$id" params={{ id: check.id }} fw={600} data-testid="open-count">
                {check.code}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                {check.warehouse_name} · {formatDate(check.document_date)} · {check.lines.length} dòng
              </Text>
            </div>
            <Badge variant="light" color="yellow">
              Đang kiểm
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
