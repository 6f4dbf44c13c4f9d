/** Linking a follower to a customer of the company chosen by search (when the suggestion is not the one). */
import { Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FollowerRecord } from '@contract/messaging';
import { DialogActions } from '@/ui/dialog-actions';
import { SearchedSelect, useSelectSearch } from '@/ui/searched-select';
import { messagingKeys, searchCustomers } from '@/features/messaging/api/messaging-api';

type Props = { companyId: number; follower: FollowerRecord; onClose: () => void; onLink: (customer: string) => Promise<boolean> };

export function LinkCustomerDialog({ companyId, follower, onClose, onLink }: Props) {
  const { search, setSearch, debounced } = useSelectSearch();
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const found = useQuery({
    queryKey: messagingKeys.of(companyId, 'customer-search', debounced),
    queryFn: () => searchCustomers(companyId, debounced),
  });
  const options = (found.data ?? []).map((one) => ({
    value: one.id,
    label: `${one.name} (${one.code}${one.phone ? ` · ${one.phone}` : ''})`,
  }));

  return (
    <Modal opened onClose={onClose} title={`Liên kết ${follower.display_name} với khách hàng`}>
      <Stack gap="sm">
        {follower.phone && <Text size="sm">Số điện thoại người quan tâm chia sẻ: {follower.phone}</Text>}
        <SearchedSelect
          label="Khách hàng"
          placeholder="Tìm theo tên, mã, số điện thoại…"
          search={search}
          onSearchChange={setSearch}
          found={options}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage="Không tìm thấy khách hàng"
          data-testid="zalo-link-customer"
        />
        <DialogActions
          onCancel={onClose}
          label="Liên kết"
          disabled={!chosen}
          busy={busy}
          onConfirm={() => {
            setBusy(true);
            void onLink(chosen!).then((done) => {
              setBusy(false);
              if (done) onClose();
            });
          }}
        />
      </Stack>
    </Modal>
  );
}
