/**
 * Brands, categories, groups and units (a dialog opened from /product): one tab each with search, paging, add,
 * rename and delete (confirmed first). The server refuses to delete one still used by products and
 * says how many; that message is shown as it is. Default units (viên, hộp…) are always offered and
 * cannot be renamed or deleted unless the company has added its own row for them. Adding, renaming
 * and deleting show only to members whose role allows them on products.
 */
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCloudOff, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '@/api/api-error';
import { useCan } from '@/session/access';
import { useSyncStatus } from '@/sync/sync-status';
import { openConfirm } from '@/ui/confirm-dialog';
import { EmptyState } from '@/ui/empty-state';
import { toast } from '@/ui/toast';
import { OPTION_KINDS, OPTION_LABELS, useOptionList, useOptionWrites, type OptionKind, type OptionRow } from '../api/catalogue-options';
import { writeErrorMessage } from '../api/product-writes';
import { SearchInput } from '@/ui/search-input';
import { ListPager } from '@/ui/list-pager';
import { DialogActions } from '@/ui/dialog-actions';
import { submitWith } from '@/ui/submit-with';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Editing = { kind: OptionKind; id: number | null; title: string };
/** What the member's role allows on the catalogue (the products area). */
type Rights = { create: boolean; edit: boolean; delete: boolean };

export function CatalogueDialog({
  companyId,
  opened,
  onClose,
  isMobile,
}: {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  isMobile: boolean;
}) {
  const [tab, setTab] = useState<OptionKind>('brand');
  return (
    <ResponsiveModal phoneFullScreen={false} opened={opened} onClose={onClose} title="Thương hiệu, danh mục, nhóm, đơn vị" size="xl">
      <CatalogueManager companyId={companyId} tab={tab} onTab={setTab} isMobile={isMobile} />
    </ResponsiveModal>
  );
}

export function CatalogueManager({
  companyId,
  tab,
  onTab,
  isMobile,
}: {
  companyId: number;
  tab: OptionKind;
  onTab: (tab: OptionKind) => void;
  isMobile: boolean;
}) {
  const online = useSyncStatus((sync) => sync.online);
  const rights: Rights = { create: useCan('products', 'create'), edit: useCan('products', 'edit'), delete: useCan('products', 'delete') };
  return (
    <Stack gap="md" data-testid="catalogue-manager">
      {!online && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />}>
          Không có kết nối mạng: cần kết nối để xem và sửa thương hiệu, danh mục, nhóm và đơn vị tính.
        </Alert>
      )}
      <Tabs value={tab} onChange={(next) => next && onTab(next as OptionKind)} keepMounted={false}>
        <Tabs.List grow={isMobile}>
          {OPTION_KINDS.map((kind) => (
            <Tabs.Tab key={kind} value={kind} data-testid={`catalogue-tab-${kind}`} px={isMobile ? 6 : undefined}>
              {OPTION_LABELS[kind].title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {OPTION_KINDS.map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <OptionTab companyId={companyId} kind={kind} isMobile={isMobile} online={online} rights={rights} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function OptionTab({
  companyId,
  kind,
  isMobile,
  online,
  rights,
}: {
  companyId: number;
  kind: OptionKind;
  isMobile: boolean;
  online: boolean;
  rights: Rights;
}) {
  const [query, setQuery] = useState({ search: '', page: 1, limit: 20 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useOptionList(companyId, kind, query);
  const writes = useOptionWrites(companyId);
  const label = OPTION_LABELS[kind];

  const remove = (row: OptionRow & { id: number }) =>
    openConfirm({
      message: `Xóa ${label.one} "${row.title}"?`,
      onOk: async () => {
        try {
          toast.success((await writes.remove(kind, row.id)) ?? `Đã xóa ${label.one}`);
          return true;
        } catch (error) {
          toast.error(writeErrorMessage(error, `Xóa ${label.one} thất bại`));
          return true;
        }
      },
    });

  return (
    <Stack gap="sm" data-testid={`catalogue-panel-${kind}`}>
      <Group gap="sm" wrap="nowrap">
        <SearchInput
          value={query.search || undefined}
          onSearch={(search) => setQuery({ ...query, search, page: 1 })}
          label={`Tìm ${label.one}`}
          placeholder={`Tìm ${label.one}…`}
          testId={`catalogue-search-${kind}`}
        />
        {rights.create && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({ kind, id: null, title: '' })}
            disabled={!online}
            data-testid={`catalogue-add-${kind}`}
          >
            {isMobile ? 'Thêm' : `Thêm ${label.one}`}
          </Button>
        )}
      </Group>
      {list.isError && !(list.error instanceof ApiError && list.error.isNetwork) && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Group justify="center" py="lg">
          <Loader />
        </Group>
      ) : list.data && list.data.rows.length === 0 ? (
        <EmptyState title={query.search ? `Không có ${label.one} phù hợp` : `Chưa có ${label.one} nào`} />
      ) : list.data ? (
        <>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid={`catalogue-table-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tên</Table.Th>
                {(rights.edit || rights.delete) && <Table.Th w={100} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.rows.map((row) => (
                <Table.Tr key={`${row.id ?? 'default'}-${row.title}`} data-testid="catalogue-row">
                  <Table.Td>
                    <Group gap={6}>
                      <Text size="sm">{row.title}</Text>
                      {'is_default' in row && row.is_default && (
                        <Badge size="xs" variant="light" color="gray" tt="none">
                          Mặc định
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {(rights.edit || rights.delete) && (
                    <Table.Td>
                      {row.id !== null && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {rights.edit && (
                            <Tooltip label="Đổi tên">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Đổi tên ${row.title}`}
                                disabled={!online}
                                onClick={() => setEditing({ kind, id: row.id, title: row.title })}
                              >
                                <IconEdit size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                          {rights.delete && (
                            <Tooltip label="Xóa">
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`Xóa ${row.title}`}
                                disabled={!online}
                                onClick={() => void remove(row as OptionRow & { id: number })}
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <ListPager
            page={query.page}
            limit={query.limit}
            count={list.data.count}
            noun={label.one}
            onPage={(page) => setQuery({ ...query, page })}
            onLimit={(limit) => setQuery({ ...query, limit, page: 1 })}
            compact={isMobile}
          />
        </>
      ) : null}
      <OptionDialog editing={editing} onClose={() => setEditing(null)} writes={writes} />
    </Stack>
  );
}

function OptionDialog({
  editing,
  onClose,
  writes,
}: {
  editing: Editing | null;
  onClose: () => void;
  writes: ReturnType<typeof useOptionWrites>;
}) {
  const [title, setTitle] = useState('');
  const [seen, setSeen] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (editing !== seen) {
    setSeen(editing);
    setTitle(editing?.title ?? '');
    setError(null);
  }
  if (!editing) return <ResponsiveModal phoneFullScreen={false} opened={false} onClose={onClose} />;
  const label = OPTION_LABELS[editing.kind];
  const max = editing.kind === 'unit' ? 30 : 120;
  const save = async () => {
    const clean = title.trim();
    if (!clean) return setError(`Vui lòng nhập tên ${label.one}`);
    if (clean.length > max) return setError(`Tên ${label.one} không được dài quá ${max} ký tự`);
    setSaving(true);
    try {
      const message = editing.id === null ? await writes.create(editing.kind, clean) : await writes.rename(editing.kind, editing.id, clean);
      toast.success(message ?? 'Đã lưu');
      onClose();
    } catch (caught) {
      const fieldError = caught instanceof ApiError ? caught.fields.title : undefined;
      setError(fieldError ?? writeErrorMessage(caught, 'Lưu thất bại'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <ResponsiveModal
      phoneFullScreen={false}
      opened
      onClose={onClose}
      title={editing.id === null ? `Thêm ${label.one}` : `Đổi tên ${label.one}`}
      centered
    >
      <form onSubmit={submitWith(save)}>
        <Stack gap="sm">
          <TextInput
            label={`Tên ${label.one}`}
            value={title}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            withAsterisk
            data-autofocus
            maxLength={max + 20}
            data-testid="catalogue-title"
          />
          <DialogActions onCancel={onClose} label="Lưu" busy={saving} testId="catalogue-save" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
