/**
 * "Thêm khách hàng vào nhóm": type to find customers (diacritic-free, server online, device offline),
 * tick as many as needed across searches, then put them in the group. A list of check boxes rather
 * than a floating drop-down: on a phone it neither covers the buttons nor fights the keyboard.
 */
import { Checkbox, Loader, Pill, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatAddress } from '@contract/address';
import type { AppDb } from '@/db/app-db';
import { toast } from '@/ui/toast';
import { useCustomerList } from '../api/customer-list';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import type { CustomerFilter } from '../model/customer-filter';
import { SEARCH_DEBOUNCE_MS } from '@/ui/search-input';
import { DialogActions } from '@/ui/dialog-actions';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useIsMobile } from '@/ui/use-is-mobile';

type Props = {
  db: AppDb;
  companyId: number;
  typeId: number;
  typeTitle: string;
  opened: boolean;
  onClose: () => void;
};

const PICK_LIMIT = 20;

export function AddCustomersModal({ db, companyId, typeId, typeTitle, opened, onClose }: Props) {
  // The list's height follows the dialog's: the whole screen on a phone.
  const fullScreen = useIsMobile();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Picked customers with their names, so they stay listed when a new search no longer shows them.
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const [saving, setSaving] = useState(false);
  const writes = useCustomerWrites(db, companyId);
  const filter: CustomerFilter = {
    page: 1,
    limit: PICK_LIMIT,
    search: debounced.trim() || undefined,
    filterCustomerType: undefined,
    filterUserSale: undefined,
    filterCustomerGroup: undefined,
    filterCustomerLevel: undefined,
    tabFilter: undefined,
  };
  const list = useCustomerList(db, companyId, filter);
  const rows = [...(list.data?.rows ?? [])].sort(
    (a, b) =>
      Number(a.customer_type_id === typeId || a.syncState !== 'synced') - Number(b.customer_type_id === typeId || b.syncState !== 'synced'),
  );

  function toggle(id: string, name: string, on: boolean) {
    setPicked((current) => {
      const next = new Map(current);
      if (on) next.set(id, name);
      else next.delete(id);
      return next;
    });
  }

  function close() {
    setPicked(new Map());
    setSearch('');
    onClose();
  }

  async function save() {
    setSaving(true);
    try {
      const message = await writes.addToGroup(typeId, [...picked.keys()]);
      toast.success(message ?? `Đã thêm ${picked.size} khách hàng vào nhóm`);
      close();
    } catch (error) {
      toast.error(writeErrorMessage(error, 'Không thêm được khách hàng vào nhóm'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <ResponsiveModal opened={opened} onClose={close} title="Thêm khách hàng vào nhóm" centered size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Nhóm: <b>{typeTitle}</b>. Khách hàng đang thuộc nhóm khác sẽ được chuyển sang nhóm này.
        </Text>
        <TextInput
          aria-label="Tìm khách hàng"
          placeholder="Gõ tên, mã hoặc số điện thoại…"
          leftSection={<IconSearch size={16} />}
          rightSection={list.isFetching ? <Loader size="xs" /> : null}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
          data-testid="add-customers-search"
        />
        {picked.size > 0 && (
          <Pill.Group data-testid="add-customers-picked">
            {[...picked].map(([id, name]) => (
              <Pill
                key={id}
                withRemoveButton
                onRemove={() => toggle(id, name, false)}
                removeButtonProps={{ 'aria-label': `Bỏ chọn ${name}` }}
              >
                {name}
              </Pill>
            ))}
          </Pill.Group>
        )}
        <ScrollArea.Autosize mah={fullScreen ? 'calc(100dvh - 330px)' : 340} type="auto" scrollbars="y" offsetScrollbars>
          <Stack gap={6} data-testid="add-customers-options">
            {rows.length === 0 && !list.isFetching && (
              <Text size="sm" c="dimmed">
                Không tìm thấy khách hàng nào.
              </Text>
            )}
            {rows.map((row) => {
              const inGroup = row.customer_type_id === typeId;
              const unsent = row.syncState !== 'synced';
              const note = inGroup ? ' · đã trong nhóm' : unsent ? ' · chờ đồng bộ' : '';
              return (
                <Checkbox
                  key={row.id}
                  label={row.name}
                  description={`${row.code}${note}${formatAddress(row.address) ? ` · ${formatAddress(row.address)}` : ''}`}
                  checked={inGroup || picked.has(row.id)}
                  disabled={inGroup || unsent}
                  onChange={(event) => toggle(row.id, row.name, event.currentTarget.checked)}
                  data-testid="add-customers-option"
                />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <DialogActions
          onCancel={close}
          cancelLabel="Hủy"
          label={picked.size > 0 ? `Thêm ${picked.size} khách hàng` : 'Thêm vào nhóm'}
          onConfirm={() => void save()}
          busy={saving}
          disabled={picked.size === 0}
          testId="add-customers-save"
          gap="sm"
        />
      </Stack>
    </ResponsiveModal>
  );
}
