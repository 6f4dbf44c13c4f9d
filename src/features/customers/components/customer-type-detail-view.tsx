/**
 * /customers/type/{id}: the group, its customers (GET customer/?customer_type=), adding customers to
 * it and taking them out. Editing and deleting are offered by the route (mobile dots menu) and, on
 * desktop, as buttons here. What the member's role does not allow is not shown: editing
 * and deleting the group need settings/edit (groups decide prices), its members customers/edit.
 */
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { AnchorLink } from '@/ui/anchor-link';
import { useCallback, useState } from 'react';
import { formatAddress } from '@contract/address';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { SyncChip } from '@/ui/sync-chip';
import { useCustomerList, type CustomerRow } from '../api/customer-list';
import { useCustomerType } from '../api/customer-queries';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import type { CustomerFilter } from '../model/customer-filter';
import { AddCustomersModal } from './add-customers-modal';
import { ListPager } from '@/ui/list-pager';
import { StatusBadge } from './customer-results';
import { toastedWrite } from '@/ui/toasted-write';
import { LoadingBlock } from '@/ui/loading-block';

export const DELETE_TYPE_CONFIRMATION =
  'Xác nhận xóa nhóm khách hàng? Nhóm khách hàng sẽ bị xóa và khách hàng trong nhóm cũng sẽ không thuộc nhóm nào.';
export const DELETE_TYPE_SUCCESS = 'Xoá nhóm khách hàng thành công !!!';
export const DELETE_TYPE_FAILURE = 'Xoá nhóm khách hàng thất bại. Vui lòng thử lại sau !!!';

/**
 * Deleting a group with the spec's confirmation (§8) and toasts; resolves true once deleted. A refusal
 * from the server (e.g. a price policy uses the group) is shown as the server words it.
 */
export function useDeleteCustomerType(db: AppDb, companyId: number) {
  const writes = useCustomerWrites(db, companyId);
  return useCallback(
    (id: number) =>
      openConfirm({
        message: DELETE_TYPE_CONFIRMATION,
        icon: 'warning',
        onOk: () =>
          toastedWrite(
            async () => {
              await writes.deleteType(id);
              return DELETE_TYPE_SUCCESS;
            },
            // The server's own words when it refused (e.g. a price policy still uses the group).
            (error) => (error instanceof ApiError && !error.isNetwork && error.message ? error.message : DELETE_TYPE_FAILURE),
          ),
      }),
    [writes],
  );
}

type Props = {
  db: AppDb;
  companyId: number;
  id: number;
  isMobile: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

type MemberRowProps = {
  row: CustomerRow;
  /** Taking customers out of the group; null when the role may not. */
  onRemove: ((row: CustomerRow) => void) | null;
  canRemove: boolean;
};

function MemberRow({ row, onRemove, canRemove }: MemberRowProps) {
  const address = formatAddress(row.address);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="type-member">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <AnchorLink to="/customers/$id" params={{ id: row.id }} fw={600}>
              {row.name}
            </AnchorLink>
            {row.syncState !== 'synced' && <SyncChip state={row.syncState} />}
          </Group>
          <Text size="xs" c="dimmed">
            {[row.code, row.kind, row.phone].filter(Boolean).join(' · ')}
          </Text>
          {address && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {address}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <StatusBadge status={row.status} />
          {onRemove && (
            <Tooltip label="Bỏ khỏi nhóm">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Bỏ ${row.name} khỏi nhóm`}
                onClick={() => onRemove(row)}
                disabled={!canRemove}
                data-testid="type-member-remove"
              >
                <IconUserMinus size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
    </Card>
  );
}

export function CustomerTypeDetailView({ db, companyId, id, isMobile, onEdit, onDelete }: Props) {
  const type = useCustomerType(db, companyId, id);
  const writes = useCustomerWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [adding, setAdding] = useState(false);
  const canConfigure = useCan('settings', 'edit');
  const canEditMembers = useCan('customers', 'edit');
  const filter: CustomerFilter = {
    page,
    limit,
    search: undefined,
    filterCustomerType: undefined,
    filterUserSale: undefined,
    filterCustomerGroup: id,
    filterCustomerLevel: undefined,
    tabFilter: undefined,
  };
  const members = useCustomerList(db, companyId, filter);

  if (type.isPending) {
    return <LoadingBlock />;
  }
  if (type.isError) {
    return (
      <EmptyState
        title="Không tìm thấy nhóm khách hàng"
        description={type.error.message}
        action={
          <Button component={Link} to="/customers/type" variant="light">
            Về danh sách nhóm
          </Button>
        }
      />
    );
  }
  const group = type.data;

  function remove(row: CustomerRow) {
    void openConfirm({
      message: `Bỏ khách hàng "${row.name}" khỏi nhóm "${group.title}"? Khách hàng sẽ không thuộc nhóm nào.`,
      icon: 'warning',
      onOk: () =>
        toastedWrite(
          async () => (await writes.removeFromGroup(id, [row.id])) ?? 'Đã bỏ khách hàng khỏi nhóm',
          (error) => writeErrorMessage(error, 'Không bỏ được khách hàng khỏi nhóm'),
        ),
    });
  }

  return (
    <Stack gap="md" data-testid="customer-type-detail">
      <Card withBorder radius="md" padding={isMobile ? 'sm' : 'lg'}>
        <Group justify="space-between" align="flex-start" wrap={isMobile ? 'wrap' : 'nowrap'}>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={3} data-testid="type-detail-title">
                {group.title}
              </Title>
              {group.is_wholesale && (
                <Badge variant="outline" color="orange">
                  Khách sỉ
                </Badge>
              )}
            </Group>
            {group.description && (
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {group.description}
              </Text>
            )}
            <Text size="sm">
              {group.customer_count === null ? 'Số khách hàng: chưa rõ (ngoại tuyến)' : `${group.customer_count} khách hàng`}
            </Text>
          </Stack>
          {!isMobile && canConfigure && (
            <Group gap="xs" wrap="nowrap">
              <Button variant="light" leftSection={<IconEdit size={16} />} onClick={onEdit} data-testid="type-edit">
                Chỉnh sửa
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={onDelete}
                disabled={!online}
                data-testid="type-delete"
              >
                Xóa nhóm khách hàng
              </Button>
            </Group>
          )}
        </Group>
      </Card>
      <Group justify="space-between">
        <Title order={4}>Khách hàng trong nhóm</Title>
        {canEditMembers && (
          <Button
            leftSection={<IconUserPlus size={18} />}
            onClick={() => setAdding(true)}
            disabled={!online}
            data-testid="type-add-customers"
          >
            Thêm khách hàng vào nhóm
          </Button>
        )}
      </Group>
      {!online && canEditMembers && (
        <Alert color="yellow" variant="light" p="xs">
          Cần kết nối mạng để thêm hoặc bỏ khách hàng khỏi nhóm.
        </Alert>
      )}
      {members.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : members.data && members.data.rows.length > 0 ? (
        <Stack gap="xs">
          {members.data.rows.map((row) => (
            <MemberRow key={row.id} row={row} onRemove={canEditMembers ? remove : null} canRemove={online && row.syncState === 'synced'} />
          ))}
          <ListPager
            page={page}
            limit={limit}
            count={members.data.count}
            noun="khách hàng"
            testId="customer-pager"
            onPage={setPage}
            onLimit={(next) => {
              setLimit(next);
              setPage(1);
            }}
            compact={isMobile}
          />
        </Stack>
      ) : (
        <EmptyState
          title="Nhóm chưa có khách hàng nào"
          description={canEditMembers ? 'Bấm “Thêm khách hàng vào nhóm” để chọn khách hàng.' : undefined}
        />
      )}
      <AddCustomersModal
        db={db}
        companyId={companyId}
        typeId={id}
        typeTitle={group.title}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
