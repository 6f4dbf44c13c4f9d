/**
 * The /price-policy screen (CSG switch; the layout shows "Chức năng chưa được bật" when it is off):
 * the policies with their customer group, level, discount, priority, state and dates; add, edit and
 * delete (confirmed), each shown only when the member's role allows it on price_policy;
 * and the "Giá áp dụng" preview.
 */
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { PricePolicyRecord, PricingFeatures } from '@contract/price-policy';
import type { AppDb } from '@/db/app-db';
import { formatDate } from '@/lib/dates';
import { formatNumber } from '@/lib/money';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { useGroupsAndLevels, usePolicyList, usePolicyWrites } from '../api/price-policy-api';
import { PolicyEditor } from './policy-editor';
import { PricePreview } from './price-preview';
import { toastedWrite } from '@/ui/toasted-write';
import { CardHead } from '@/ui/list-page/card-head';

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
  const online = useSyncStatus((sync) => sync.online);
  const canCreate = useCan('price_policy', 'create');
  const canEdit = useCan('price_policy', 'edit');
  const canDelete = useCan('price_policy', 'delete');

  const remove = (policy: PricePolicyRecord) =>
    openConfirm({
      message: `Xóa chính sách giá "${policy.title}"? Đơn hàng mới sẽ không còn được tính theo chính sách này.`,
      // Closes whatever the answer: the toast says it.
      onOk: async () => {
        await toastedWrite(
          async () => (await writes.remove(policy.id)) ?? 'Đã xóa chính sách giá',
          (error) => (error instanceof Error ? error.message : 'Xóa chính sách giá thất bại'),
        );
        return true;
      },
    });

  const actions = (policy: PricePolicyRecord) => (
    <RowActions
      edit={canEdit && { label: `Sửa ${policy.title}`, onClick: () => setEditing(policy) }}
      remove={canDelete && { label: `Xóa ${policy.title}`, onClick: () => void remove(policy) }}
      disabled={!online}
    />
  );
  const state = (policy: PricePolicyRecord) => (
    <Badge size="sm" variant="light" color={policy.is_active ? 'teal' : 'gray'} tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {policy.is_active ? 'Đang áp dụng' : 'Tạm dừng'}
    </Badge>
  );

  const group = (policy: PricePolicyRecord) => typeName(policy.customer_type_id) ?? 'Mọi nhóm';
  const level = (policy: PricePolicyRecord) => levelName(policy.level_id) ?? 'Mọi cấp độ';
  const rows: RowsSpec<PricePolicyRecord> = {
    testId: 'policy',
    minWidth: 900,
    card: (policy) => (
      <>
        <CardHead aside={state(policy)}>
          <Text fw={600}>{policy.title}</Text>
          <Text size="xs" c="dimmed">
            {group(policy)} · {level(policy)}
          </Text>
        </CardHead>
        <Group justify="space-between" mt={6}>
          <Text size="sm">
            Chiết khấu {formatNumber(policy.discount_percent)}% · Ưu tiên {policy.priority} · {policy.items.length} giá cố định
          </Text>
          {actions(policy)}
        </Group>
        <Text size="xs" c="dimmed">
          {dates(policy)}
        </Text>
      </>
    ),
    columns: [
      { key: 'title', label: 'Tên chính sách', bold: true, cell: (policy) => policy.title },
      { key: 'group', label: 'Nhóm khách hàng', cell: group },
      { key: 'level', label: 'Cấp độ', cell: level },
      { key: 'discount', label: 'Chiết khấu', cell: (policy) => `${formatNumber(policy.discount_percent)}%` },
      { key: 'priority', label: 'Ưu tiên', cell: (policy) => policy.priority },
      { key: 'items', label: 'Giá cố định', cell: (policy) => policy.items.length },
      { key: 'dates', label: 'Thời gian', nowrap: true, cell: dates },
      { key: 'state', label: 'Trạng thái', cell: state },
      ...(canEdit || canDelete ? [{ key: 'actions', cell: actions }] : []),
    ],
  };

  return (
    <ListPage
      screen={{ filter: query, onFilter: () => undefined, isMobile }}
      actions={
        <>
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
        </>
      }
      query={list}
      deviceNotice={{}}
      empty={{ title: 'Chưa có chính sách giá nào', description: 'Tạo bảng giá riêng cho từng nhóm hoặc cấp độ khách hàng.' }}
      footer={
        <>
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
        </>
      }
      rows={rows}
    />
  );
}
