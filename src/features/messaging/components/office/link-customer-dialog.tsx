/** Linking a follower to a customer of the company chosen by search (when the suggestion is not the one). */
import { Stack, Text } from '@mantine/core';
import { ResponsiveModal } from '@/ui/responsive-modal';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FollowerRecord } from '@contract/messaging';
import { DialogActions } from '@/ui/dialog-actions';
import { CustomerSelectField, type CustomerSummary } from '@/ui/customer-picker';
import { useSelectSearch } from '@/ui/searched-select';
import { messagingKeys, searchCustomers } from '@/features/messaging/api/messaging-api';

type Props = { companyId: number; follower: FollowerRecord; onClose: () => void; onLink: (customer: string) => Promise<boolean> };

export function LinkCustomerDialog({ companyId, follower, onClose, onLink }: Props) {
  const typed = useSelectSearch();
  const [chosen, setChosen] = useState<CustomerSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const found = useQuery({
    queryKey: messagingKeys.of(companyId, 'customer-search', typed.debounced),
    queryFn: () => searchCustomers(companyId, typed.debounced),
  });

  return (
    <ResponsiveModal phoneFullScreen={false} opened onClose={onClose} title={`Liên kết ${follower.display_name} với khách hàng`}>
      <Stack gap="sm">
        {follower.phone && <Text size="sm">Số điện thoại người quan tâm chia sẻ: {follower.phone}</Text>}
        <CustomerSelectField
          placeholder="Tìm theo tên, mã, số điện thoại…"
          search={typed}
          found={found.data}
          chosen={chosen}
          value={chosen?.id ?? null}
          onPick={setChosen}
          withPhone
          data-testid="zalo-link-customer"
        />
        <DialogActions
          onCancel={onClose}
          label="Liên kết"
          disabled={!chosen}
          busy={busy}
          onConfirm={() => {
            setBusy(true);
            void onLink(chosen!.id).then((done) => {
              setBusy(false);
              if (done) onClose();
            });
          }}
        />
      </Stack>
    </ResponsiveModal>
  );
}
