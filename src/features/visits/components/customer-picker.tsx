/** Finding a customer on the device as the rep types, without diacritics, online or not. */
import { Card, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatAddress } from '@contract/address';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { useCustomerSearch } from '../api/visits-device';

export function CustomerPicker({ db, companyId, onPick }: { db: AppDb; companyId: number; onPick: (customer: LocalCustomer) => void }) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 150);
  const results = useCustomerSearch(db, companyId, debounced, 20);
  return (
    <Stack gap="xs">
      <TextInput
        label="Khách hàng"
        placeholder="Tìm theo tên, mã, số điện thoại…"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        data-testid="customer-search"
      />
      <Stack gap={6} data-testid="customer-results">
        {results?.length === 0 && (
          <Text size="sm" c="dimmed">
            Không tìm thấy khách hàng nào.
          </Text>
        )}
        {results?.map((customer) => (
          <UnstyledButton key={customer.id} onClick={() => onPick(customer)} aria-label={customer.name}>
            <Card withBorder padding="xs" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate="end">
                    {customer.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {customer.code} · {formatAddress(customer.address)}
                  </Text>
                </div>
              </Group>
            </Card>
          </UnstyledButton>
        ))}
      </Stack>
    </Stack>
  );
}
