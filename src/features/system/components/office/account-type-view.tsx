/** /system/account-types: the platform's account types (accounttype/), how many accounts each has; add one or rename one. */
import { Badge, Button, Stack, TextInput } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { AccountTypeRecord } from '@contract/system';
import { DialogActions } from '@/ui/dialog-actions';
import { ListPage } from '@/ui/list-page/list-page';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { RowActions } from '@/ui/list-page/row-actions';
import { ProblemAlert } from '@/ui/problem';
import { systemWrites, useAccountTypes } from '@/features/system/api/system-api';
import { useSystemDialogWrite } from './account-modals';

function AccountTypeModal({ type, onClose }: { type: AccountTypeRecord | null; onClose: () => void }) {
  const [draft, setDraft] = useState({ code: type?.code ?? '', title: type?.title ?? '' });
  const save = useSystemDialogWrite(systemWrites.saveAccountType, 'Không lưu được loại tài khoản', onClose);
  return (
    <ResponsiveModal
      phoneFullScreen={false}
      opened
      onClose={onClose}
      title={type ? `Sửa loại tài khoản ${type.code}` : 'Thêm loại tài khoản'}
    >
      <Stack gap="sm">
        <TextInput
          label="Mã"
          withAsterisk
          maxLength={30}
          disabled={type?.is_builtin}
          value={draft.code}
          onChange={(event) => setDraft({ ...draft, code: event.currentTarget.value.toUpperCase() })}
        />
        <TextInput
          label="Tên"
          withAsterisk
          maxLength={100}
          value={draft.title}
          onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })}
        />
        <ProblemAlert problem={save.problem} />
        <DialogActions
          onCancel={onClose}
          cancelLabel="Hủy"
          label="Lưu"
          busy={save.busy}
          onConfirm={() => void save.run({ ...(type ? { id: type.id } : {}), ...draft })}
        />
      </Stack>
    </ResponsiveModal>
  );
}

export function AccountTypeView({ isMobile }: { isMobile: boolean }) {
  const [filter, setFilter] = useState({ page: 1, limit: 100 });
  const types = useAccountTypes();
  const [editing, setEditing] = useState<AccountTypeRecord | 'new' | null>(null);
  const rows: RowsSpec<AccountTypeRecord> = {
    testId: 'account-type',
    card: (type) => (
      <Stack gap={2}>
        <b>{type.title}</b>
        <span>
          {type.code} · {type.account_count} tài khoản
        </span>
        <RowActions edit={{ label: `Sửa loại tài khoản ${type.title}`, onClick: () => setEditing(type) }} />
      </Stack>
    ),
    columns: [
      { key: 'code', label: 'Mã', cell: (type) => type.code, nowrap: true },
      { key: 'title', label: 'Tên', cell: (type) => type.title, bold: true },
      {
        key: 'builtin',
        label: '',
        cell: (type) =>
          type.is_builtin && (
            <Badge tt="none" variant="light">
              Của hệ thống
            </Badge>
          ),
      },
      { key: 'count', label: 'Số tài khoản', align: 'right', cell: (type) => type.account_count },
      {
        key: 'actions',
        cell: (type) => <RowActions edit={{ label: `Sửa loại tài khoản ${type.title}`, onClick: () => setEditing(type) }} />,
      },
    ],
  };
  return (
    <ListPage
      screen={{ filter, onFilter: setFilter, isMobile }}
      actions={
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Thêm loại tài khoản
        </Button>
      }
      query={types}
      empty={{ title: 'Chưa có loại tài khoản' }}
      rows={rows}
      footer={
        editing && (
          <AccountTypeModal
            key={editing === 'new' ? 'new' : editing.id}
            type={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        )
      }
    />
  );
}
