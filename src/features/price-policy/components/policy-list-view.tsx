/**
 * The /price-policy screen (CSG switch; the layout shows "Chức năng chưa được bật" when it is off):
 * the policies with their customer group, level, discount, priority, state and dates; add, edit and
 * delete (confirmed), each shown only when the member's role allows it on price_policy (issue #7);
 * and the "Giá áp dụng" preview.
 */
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCloudOff, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { PricePolicyRecord, PricingFeatures } from '@contract/price-policy';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { useGroupsAndLevels, usePolicyList, usePolicyWrites } from '../api/price-policy-api';
import { PolicyEditor } from './policy-editor';
import { PricePreview } from './price-preview';

type Props = { db: AppDb; companyId: number; features: PricingFeatures; isMobile: boolean };

const dates = (policy: PricePolicyRecord) =>
  policy.starts_on || policy.ends_on
    ? `${policy.starts_on ? formatDate(policy.starts_on) : '…'} – ${policy.ends_on ? formatDate(policy.ends_on) : '…'}`
    : 'Không giới hạn';

export function PolicyListView({ db, companyId, features, isMobile }: Props) {
  const [query] = useState({ search: '', page: 1, limit: 100 });
  const [editing, setEditing] = useState<PricePolicyRecord | null | undefined>(undefined);
  const list = usePolicyList(db, companyId, query);
  const writes = usePolicyWrites(db, companyId);
  const { types, levels, typeName, levelName } = useGroupsAndLevels(db, companyId);
  const { online } = useSyncStatus();
  const canCreate = useCan('price_policy', 'create');
  const canEdit = useCan('price_policy', 'edit');
  const canDelete = useCan('price_policy', 'delete');
  const data = list.data;

  const remove = (policy: PricePolicyRecord) =>
    openConfirm({
      message: `Xóa chính sách giá "${policy.title}"? Đơn hàng mới sẽ không còn được tính theo chính sách này.`,
      onOk: async () => {
        try {
          toast.success((await writes.remove(policy.id)) ?? 'Đã xóa chính sách giá');
        } catch (error) {
          toast.error(error instanceof Error ? error.message : 'Xóa chính sách giá thất bại');
        }
        return true;
      },
    });

  const actions = (policy: PricePolicyRecord) =>
    (canEdit || canDelete) && (
      <Group gap={4} wrap="nowrap" justify="flex-end">
        {canEdit && (
          <Tooltip label="Sửa">
            <ActionIcon variant="subtle" aria-label={`Sửa ${policy.title}`} onClick={() => setEditing(policy)} disabled={!online}>
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {canDelete && (
          <Tooltip label="Xóa">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Xóa ${policy.title}`}
              onClick={() => void remove(policy)}
              disabled={!online}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    );
  const state = (policy: PricePolicyRecord) => (
    <Badge size="sm" variant="light" color={policy.is_active ? 'teal' : 'gray'} tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {policy.is_active ? 'Đang áp dụng' : 'Tạm dừng'}
    </Badge>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
          Chính sách khớp cả nhóm và cấp độ của khách được ưu tiên, rồi đến độ ưu tiên cao hơn.
        </Text>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setEditing(null)}
            disabled={!online}
            fullWidth={isMobile}
            data-testid="policy-create"
          >
            Thêm chính sách giá
          </Button>
        )}
      </Group>
      {data?.source === 'device' && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} p="xs">
          Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy.
        </Alert>
      )}
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState title="Chưa có chính sách giá nào" description="Tạo bảng giá riêng cho từng nhóm hoặc cấp độ khách hàng." />
      ) : data && isMobile ? (
        <Stack gap="xs" data-testid="policy-cards">
          {data.rows.map((policy) => (
            <Card key={policy.id} withBorder padding="sm" radius="md" data-testid="policy-row">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{policy.title}</Text>
                  <Text size="xs" c="dimmed">
                    {typeName(policy.customer_type_id) ?? 'Mọi nhóm'} · {levelName(policy.level_id) ?? 'Mọi cấp độ'}
                  </Text>
                </div>
                {state(policy)}
              </Group>
              <Group justify="space-between" mt={6}>
                <Text size="sm">
                  Chiết khấu {formatNumber(policy.discount_percent)}% · Ưu tiên {policy.priority} · {policy.items.length} giá cố định
                </Text>
                {actions(policy)}
              </Group>
              <Text size="xs" c="dimmed">
                {dates(policy)}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : data ? (
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="policy-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tên chính sách</Table.Th>
                <Table.Th>Nhóm khách hàng</Table.Th>
                <Table.Th>Cấp độ</Table.Th>
                <Table.Th>Chiết khấu</Table.Th>
                <Table.Th>Ưu tiên</Table.Th>
                <Table.Th>Giá cố định</Table.Th>
                <Table.Th>Thời gian</Table.Th>
                <Table.Th>Trạng thái</Table.Th>
                {(canEdit || canDelete) && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.rows.map((policy) => (
                <Table.Tr key={policy.id} data-testid="policy-row">
                  <Table.Td fw={600}>{policy.title}</Table.Td>
                  <Table.Td>{typeName(policy.customer_type_id) ?? 'Mọi nhóm'}</Table.Td>
                  <Table.Td>{levelName(policy.level_id) ?? 'Mọi cấp độ'}</Table.Td>
                  <Table.Td>{formatNumber(policy.discount_percent)}%</Table.Td>
                  <Table.Td>{policy.priority}</Table.Td>
                  <Table.Td>{policy.items.length}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates(policy)}</Table.Td>
                  <Table.Td>{state(policy)}</Table.Td>
                  {(canEdit || canDelete) && <Table.Td>{actions(policy)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <PricePreview db={db} companyId={companyId} features={features} />
      <PolicyEditor
        db={db}
        companyId={companyId}
        editing={editing}
        onClose={() => setEditing(undefined)}
        groups={types.map((type) => ({ value: String(type.id), label: type.title }))}
        levels={levels.map((level) => ({ value: String(level.id), label: level.title }))}
        online={online}
        isMobile={isMobile}
      />
    </Stack>
  );
}
