/**
 * The one way a screen picks a customer: by typing part of the name, code, phone or
 * address, searched without diacritics once typing pauses (src/db/customer-search.ts on the
 * device, or the server).
 *
 * - `CustomerPicker`: a search box over the customers found, a button each, for a screen that
 *   starts by choosing who it is for: the order being taken
 *   (src/features/orders/components/customer-section.tsx) and a check-in
 *   (src/features/visits/components/check-in-panel.tsx). ↓ from the box steps into the list, ↑ ↓
 *   move along it, Enter or Space picks.
 * - `CustomerSelectField`: one customer as a field's value (./searched-select.tsx): the order
 *   list's filter and the price preview.
 *
 * Screens read the device through their feature's api/ (docs/architecture.md), so the searching
 * comes in from the caller: it holds `useSelectSearch` (./searched-select.tsx), searches with its
 * `debounced` text and passes what it found.
 */
import { Badge, Card, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode } from 'react';
import { formatAddress, type Address } from '@contract/address';
import type { CustomerStatus } from '@contract/customers';
import { SearchedSelect, type useSelectSearch } from './searched-select';

/** What every picker knows of a customer (a device's LocalCustomer, a server's CustomerRecord). */
export type CustomerSummary = { id: string; name: string; code: string; phone?: string | null };

/** A customer as a select lists it: "Nhà thuốc Minh Châu (KH001)", or "(KH001 · 0901…)" with its phone. */
export const customerOptionLabel = (customer: CustomerSummary, withPhone = false) =>
  `${customer.name} (${customer.code}${withPhone && customer.phone ? ` · ${customer.phone}` : ''})`;

/** What is typed, and the settled text the caller searches with. */
type TypedSearch = ReturnType<typeof useSelectSearch>;

/** A customer as the list shows it (the device's LocalCustomer has all of it). */
export type ListedCustomer = CustomerSummary & {
  phone: string | null;
  address: Address;
  status: CustomerStatus;
  syncState?: string;
};

export type CustomerTag = { label: string; color: string };

function CustomerRow<C extends ListedCustomer>({
  customer,
  onPick,
  tag,
  refused,
}: {
  customer: C;
  onPick: (customer: C) => void;
  tag: CustomerTag | null;
  refused: boolean;
}) {
  const inactive = customer.status !== 'active';
  return (
    <UnstyledButton
      onClick={() => onPick(customer)}
      disabled={refused}
      data-testid="customer-option"
      style={{ opacity: refused ? 0.55 : 1 }}
    >
      <Card withBorder padding="xs" radius="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end">
              {customer.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {[customer.code, customer.phone, formatAddress(customer.address)].filter(Boolean).join(' · ')}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {tag && (
              <Badge size="xs" variant="light" color={tag.color}>
                {tag.label}
              </Badge>
            )}
            {inactive && (
              <Badge size="xs" variant="light" color="gray">
                Ngừng hoạt động
              </Badge>
            )}
            {customer.syncState === 'pending' && (
              <Badge size="xs" variant="light" color="yellow">
                Chờ đồng bộ
              </Badge>
            )}
          </Group>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

type PickerProps<C extends ListedCustomer> = {
  search: TypedSearch;
  /** The customers to offer, in their order; undefined while they are being read. */
  customers: readonly C[] | undefined;
  onPick: (customer: C) => void;
  /** A badge beside a customer (the order's "Gần đây", "Đang ghé thăm"). */
  tag?: (customer: C) => CustomerTag | null;
  /** A customer who stopped trading is shown but cannot be picked (an order for one is refused). */
  refuseInactive?: boolean;
  /** What the empty list says before anything is typed, and after. */
  empty?: { blank: string; searched: string };
  /** Beside the box (the order's "Hủy"). */
  action?: ReactNode;
  withAsterisk?: boolean;
  /** The list scrolls past this height. */
  maxHeight?: number;
  testIds: { search: string; results: string };
};

const EMPTY = { blank: 'Chưa có khách hàng nào trên máy.', searched: 'Không tìm thấy khách hàng nào trên máy.' };

/**
 * ↓ from the box to the first customer and along the list, ↑ back towards the box; a customer that
 * cannot be picked is skipped. Read from the page at the key press, as the list changes with the search.
 */
function onArrowKeys(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>('input, [data-customer-list] button:not(:disabled)')];
  const at = stops.indexOf(event.target as HTMLElement);
  const next = stops[at + (event.key === 'ArrowDown' ? 1 : -1)];
  if (at < 0 || !next) return;
  event.preventDefault();
  next.focus();
}

export function CustomerPicker<C extends ListedCustomer>({
  search,
  customers,
  onPick,
  tag,
  refuseInactive = false,
  empty = EMPTY,
  action,
  withAsterisk,
  maxHeight,
  testIds,
}: PickerProps<C>) {
  return (
    <Stack gap="xs" onKeyDown={onArrowKeys}>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          label="Khách hàng"
          withAsterisk={withAsterisk}
          placeholder="Tìm theo tên, mã, số điện thoại…"
          leftSection={<IconSearch size={16} />}
          value={search.search}
          onChange={(event) => search.setSearch(event.currentTarget.value)}
          data-testid={testIds.search}
        />
        {action}
      </Group>
      <Stack gap={6} data-customer-list data-testid={testIds.results} mah={maxHeight} style={maxHeight ? { overflowY: 'auto' } : undefined}>
        {customers?.length === 0 && (
          <Text size="sm" c="dimmed">
            {search.debounced ? empty.searched : empty.blank}
          </Text>
        )}
        {customers?.map((customer) => (
          <CustomerRow
            key={customer.id}
            customer={customer}
            onPick={onPick}
            tag={tag?.(customer) ?? null}
            refused={refuseInactive && customer.status !== 'active'}
          />
        ))}
      </Stack>
    </Stack>
  );
}

type SelectFieldProps<C extends CustomerSummary> = {
  search: TypedSearch;
  /** What the caller found for `search.debounced`, in its order. */
  found: readonly C[] | null | undefined;
  /** The chosen customer's id (null: none). */
  value: string | null;
  /** The chosen customer, kept in the list when the search did not find it. */
  chosen?: C | null;
  /** The customer picked (null when cleared), with its id. */
  onPick: (customer: C | null, id: string | null) => void;
  /** A search is on its way (the list says so rather than "nothing found"). */
  searching?: boolean;
  /** What the empty list says before anything is typed (default: that nothing was found). */
  hint?: string;
  /** The field's label ('Khách hàng' unless the screen says what the customer is for). */
  label?: string;
  /** Options carry the phone too (matching a person who shared a phone number). */
  withPhone?: boolean;
  placeholder: string;
  clearable?: boolean;
  'data-testid'?: string;
};

export function CustomerSelectField<C extends CustomerSummary>({
  search,
  found,
  value,
  chosen,
  onPick,
  searching = false,
  hint,
  label = 'Khách hàng',
  withPhone = false,
  ...props
}: SelectFieldProps<C>) {
  const rows = found ?? [];
  const option = (customer: C) => ({ value: customer.id, label: customerOptionLabel(customer, withPhone) });
  return (
    <SearchedSelect
      {...props}
      label={label}
      found={rows.map(option)}
      chosen={chosen && option(chosen)}
      value={value}
      onChange={(id) => {
        search.setSearch('');
        onPick([chosen, ...rows].find((customer) => customer && customer.id === id) ?? null, id);
      }}
      search={search.search}
      onSearchChange={search.setSearch}
      nothingFoundMessage={searching ? 'Đang tìm…' : hint && !search.debounced ? hint : 'Không tìm thấy khách hàng'}
    />
  );
}
