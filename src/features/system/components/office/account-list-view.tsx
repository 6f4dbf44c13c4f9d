/**
 * /system/accounts: every account of the platform, searched by name, phone or e-mail (diacritics
 * optional), filtered by type and state; an account's companies; change its details and type, lock
 * it (every session ends at once) or unlock it, set a new password.
 */
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { SideDrawer } from '@/ui/side-drawer';
import { IconKey, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { MEMBERSHIP_STATUS_LABELS, type MembershipStatus } from '@contract/company';
import { ACCOUNT_STATE_LABELS, ACCOUNT_STATES, type AdminAccountRecord } from '@contract/system';
import { apiErrorMessage } from '@/api/api-error';
import { formatDateTime } from '@/lib/dates';
import { openConfirm } from '@/ui/confirm-dialog';
import { SelectFilters } from '@/ui/list-page/filter-select';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { toastedWrite } from '@/ui/toasted-write';
import { systemWrites, useAccountTypes, useAdminAccount, useAdminAccounts, useSystemWrite } from '@/features/system/api/system-api';
import { AccountEditModal, AccountPasswordModal } from './account-modals';

type Filter = { search?: string; page: number; limit: number; account_type?: string; status?: (typeof ACCOUNT_STATES)[number] };

function StateBadge({ account }: { account: AdminAccountRecord }) {
  return (
    <Badge tt="none" variant="light" color={account.is_active ? 'teal' : 'red'} data-testid="account-state">
      {ACCOUNT_STATE_LABELS[account.is_active ? 'active' : 'locked']}
    </Badge>
  );
}

function AccountDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useAdminAccount(id);
  const account = detail.data;
  return (
    <SideDrawer opened={id !== null} onClose={onClose} title={account?.full_name ?? 'Tài khoản'} width="md">
      {account && (
        <Stack gap="sm" data-testid="account-detail">
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm" c="dimmed">
              Số điện thoại
            </Text>
            <Text size="sm">{account.phone}</Text>
            <Text size="sm" c="dimmed">
              Email
            </Text>
            <Text size="sm">{account.email ?? '—'}</Text>
            <Text size="sm" c="dimmed">
              Loại tài khoản
            </Text>
            <Text size="sm">{account.account_type.title}</Text>
            <Text size="sm" c="dimmed">
              Địa chỉ
            </Text>
            <Text size="sm">{account.address ?? '—'}</Text>
            <Text size="sm" c="dimmed">
              Đăng nhập gần nhất
            </Text>
            <Text size="sm">{account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : 'Chưa đăng nhập'}</Text>
          </SimpleGrid>
          <Text fw={600} mt="sm">
            Công ty ({account.companies.length})
          </Text>
          {account.companies.length === 0 && (
            <Text size="sm" c="dimmed">
              Chưa thuộc công ty nào
            </Text>
          )}
          {account.companies.map((membership) => (
            <Group key={membership.company} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {membership.title}
                {membership.is_owner ? ' (chủ sở hữu)' : ''}
              </Text>
              <Badge tt="none" variant="light" color={membership.status === 'accept' ? 'teal' : 'gray'}>
                {MEMBERSHIP_STATUS_LABELS[membership.status as MembershipStatus] ?? membership.status}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </SideDrawer>
  );
}

export function AccountListView({ isMobile }: { isMobile: boolean }) {
  const [filter, setFilter] = useState<Filter>({ page: 1, limit: 20 });
  const accounts = useAdminAccounts({ ...filter });
  const types = useAccountTypes();
  const lock = useSystemWrite(systemWrites.setLocked);
  const [viewing, setViewing] = useState<number | null>(null);
  const [editing, setEditing] = useState<AdminAccountRecord | null>(null);
  const [password, setPassword] = useState<AdminAccountRecord | null>(null);

  const toggleLock = (account: AdminAccountRecord) =>
    openConfirm({
      title: account.is_active ? 'Khóa tài khoản' : 'Mở khóa tài khoản',
      icon: 'warning',
      message: account.is_active
        ? `Khóa tài khoản ${account.full_name} (${account.phone})? Mọi phiên đăng nhập của tài khoản kết thúc ngay và tài khoản không đăng nhập được nữa.`
        : `Mở khóa tài khoản ${account.full_name} (${account.phone})?`,
      okLabel: account.is_active ? 'Khóa' : 'Mở khóa',
      onOk: () =>
        toastedWrite(
          async () => (await lock.mutateAsync({ account: account.id, locked: account.is_active })) ?? '',
          (error) => apiErrorMessage(error, 'Không cập nhật được tài khoản'),
        ),
    });

  const name = (account: AdminAccountRecord) => (
    <Text
      component="button"
      type="button"
      fw={600}
      c="teal"
      ta="left"
      style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
      onClick={() => setViewing(account.id)}
      data-testid="account-name"
    >
      {account.full_name}
    </Text>
  );
  const actions = (account: AdminAccountRecord) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="light"
        color={account.is_active ? 'red' : 'teal'}
        leftSection={account.is_active ? <IconLock size={14} /> : <IconLockOpen size={14} />}
        onClick={() => void toggleLock(account)}
        data-testid="account-lock"
      >
        {account.is_active ? 'Khóa' : 'Mở khóa'}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconKey size={14} />}
        onClick={() => setPassword(account)}
        aria-label={`Đặt mật khẩu cho ${account.full_name}`}
      >
        Mật khẩu
      </Button>
      <RowActions edit={{ label: `Sửa tài khoản ${account.full_name}`, onClick: () => setEditing(account) }} />
    </Group>
  );

  const rows: RowsSpec<AdminAccountRecord> = {
    testId: 'account',
    minWidth: 900,
    rowProps: (account) => ({ 'data-phone': account.phone }),
    card: (account) => (
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          {name(account)}
          <StateBadge account={account} />
        </Group>
        <Text size="xs" c="dimmed">
          {account.phone} · {account.account_type.title} · {account.company_count} công ty
        </Text>
        {actions(account)}
      </Stack>
    ),
    columns: [
      { key: 'name', label: 'Họ và tên', cell: name, sub: (account) => account.email },
      { key: 'phone', label: 'Số điện thoại', cell: (account) => account.phone, nowrap: true },
      { key: 'type', label: 'Loại tài khoản', cell: (account) => account.account_type.title },
      { key: 'companies', label: 'Công ty', align: 'right', cell: (account) => account.company_count },
      {
        key: 'signin',
        label: 'Đăng nhập gần nhất',
        nowrap: true,
        cell: (account) => (account.last_sign_in_at ? formatDateTime(account.last_sign_in_at) : '—'),
      },
      { key: 'state', label: 'Trạng thái', cell: (account) => <StateBadge account={account} /> },
      { key: 'actions', cell: actions },
    ],
  };

  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      search={{ label: 'Tìm tài khoản', placeholder: 'Tìm theo tên, số điện thoại, email…' }}
      header={
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <SelectFilters
            filter={filter}
            onChange={(patch) => setFilter({ ...filter, ...patch, page: 1 })}
            fields={[
              {
                field: 'account_type',
                label: 'Loại tài khoản',
                all: 'loại',
                data: (types.data ?? []).map((type) => ({ value: type.code, label: type.title })),
                testId: 'account-filter-type',
              },
              {
                field: 'status',
                label: 'Trạng thái',
                all: 'trạng thái',
                data: ACCOUNT_STATES.map((state) => ({ value: state, label: ACCOUNT_STATE_LABELS[state] })),
                testId: 'account-filter-status',
              },
            ]}
          />
        </SimpleGrid>
      }
      query={accounts}
      empty={{ title: 'Không có tài khoản phù hợp', description: 'Thử từ khóa hoặc bộ lọc khác.' }}
      pager={{ noun: 'tài khoản', sizes: [20, 50, 100] }}
      rows={rows}
      footer={
        <>
          <AccountDrawer id={viewing} onClose={() => setViewing(null)} />
          {editing && <AccountEditModal account={editing} types={types.data ?? []} onClose={() => setEditing(null)} />}
          {password && <AccountPasswordModal account={password} onClose={() => setPassword(null)} />}
        </>
      }
    />
  );
}
