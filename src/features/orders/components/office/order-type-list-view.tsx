/**
 * /order-types (Cấu hình › Loại đơn hàng): the company's order types, who may use each, and adding
 * or changing one for members whose role may change the company's configuration. Phones receive
 * every change with their next sync.
 */
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { fold } from '@contract/fold';
import type { FeatureFlags } from '@contract/company-switches';
import type { OrderTypeRecord } from '@contract/orders-types';
import { useCan } from '@/session/access';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { useOrderTypeMembers, useOrderTypes, useSaveOrderType } from '@/features/orders/api/order-type-api';
import { OrderTypeFormModal } from './order-type-form-modal';

type Props = { companyId: number; flags: FeatureFlags; isMobile: boolean };

export function OrderTypeListView({ companyId, flags, isMobile }: Props) {
  const [filter, setFilter] = useState({ search: '', page: 1, limit: 100 });
  const types = useOrderTypes(companyId);
  const members = useOrderTypeMembers(companyId);
  const save = useSaveOrderType(companyId);
  const canEdit = useCan('settings', 'edit');
  const [editing, setEditing] = useState<OrderTypeRecord | 'new' | null>(null);
  const names = useMemo(() => new Map((members.data ?? []).map((member) => [Number(member.value), member.label])), [members.data]);

  const shown = useMemo(() => {
    const words = fold(filter.search ?? '').trim();
    const rows = (types.data ?? []).filter((type) => !words || fold(`${type.code} ${type.name}`).includes(words));
    return { ...types, data: types.data ? rows : undefined };
  }, [types, filter.search]);

  const name = (type: OrderTypeRecord) => (
    <Anchor component="button" type="button" fw={600} ta="left" onClick={() => canEdit && setEditing(type)} data-testid="order-type-title">
      {type.name}
    </Anchor>
  );
  const badges = (type: OrderTypeRecord) => (
    <Group gap={4}>
      {type.is_default && (
        <Badge tt="none" variant="light">
          Mặc định
        </Badge>
      )}
      {type.wholesale && (
        <Badge tt="none" variant="light" color={flags.WHOLESALE ? 'grape' : 'gray'}>
          Giá sỉ{flags.WHOLESALE ? '' : ' (chưa bật)'}
        </Badge>
      )}
      {!type.is_active && (
        <Badge tt="none" variant="light" color="gray">
          Ngừng sử dụng
        </Badge>
      )}
    </Group>
  );
  const audience = (type: OrderTypeRecord) =>
    type.everyone ? 'Tất cả nhân viên' : type.account_ids.map((id) => names.get(id) ?? `#${id}`).join(', ') || 'Chưa ai được dùng';
  const actions = (type: OrderTypeRecord) => (
    <RowActions edit={canEdit && { label: `Sửa loại đơn ${type.name}`, onClick: () => setEditing(type) }} />
  );

  const rows: RowsSpec<OrderTypeRecord> = {
    testId: 'order-type',
    minWidth: 760,
    rowProps: (type) => ({ 'data-code': type.code }),
    card: (type) => (
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          {name(type)}
          <Text size="xs" c="dimmed">
            {type.code} · {audience(type)}
          </Text>
          {badges(type)}
        </Stack>
        {actions(type)}
      </Group>
    ),
    columns: [
      { key: 'code', label: 'Mã', cell: (type) => type.code, nowrap: true },
      { key: 'name', label: 'Loại đơn', cell: name, sub: (type) => type.description },
      { key: 'state', label: 'Thiết lập', cell: badges },
      { key: 'audience', label: 'Nhân viên được dùng', cell: audience, lines: 2, maxWidth: 320 },
      { key: 'actions', cell: actions },
    ],
  };

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm loại đơn', placeholder: 'Tìm theo mã hoặc tên…' }}
      actions={
        canEdit && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')} data-testid="order-type-create">
            Thêm loại đơn
          </Button>
        )
      }
      query={shown}
      empty={{ title: 'Không có loại đơn phù hợp', description: 'Thử từ khóa khác.' }}
      footer={
        editing !== null && (
          <OrderTypeFormModal
            key={editing === 'new' ? 'new' : editing.id}
            companyId={companyId}
            type={editing === 'new' ? null : editing}
            members={members.data ?? []}
            wholesaleOn={flags.WHOLESALE === true}
            onClose={() => setEditing(null)}
            onSave={(input) => save.mutateAsync(input)}
          />
        )
      }
      rows={rows}
    />
  );
}
