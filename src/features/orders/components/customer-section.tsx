/**
 * Who the order is for: the chosen customer with their group and level (which set the price), or
 * a search of the device's customers as the rep types, without diacritics; the customers this rep
 * ordered for recently come first, and the pharmacy the rep is checked in at is offered on top.
 */
import { Alert, Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconMapPinFilled, IconUser } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatAddress } from '@contract/address';
import type { AppDb, LocalCustomer } from '@/db/app-db';
import { CUSTOMER_RESULTS } from '@/db/customer-search';
import { CustomerPicker } from '@/ui/customer-picker';
import { useSelectSearch } from '@/ui/searched-select';
import { useCustomerChoices } from '../api/device-orders';

/** The visit the rep is checked in at (from the visits feature, passed in by the route). */
export type OpenVisitHint = { id: string; customerId: string; customerName: string } | null;

/** Recent customers first (in order of their last order), then the rest as found. */
export function recentFirst(rows: LocalCustomer[], recentIds: string[]): LocalCustomer[] {
  const rank = new Map(recentIds.map((id, index) => [id, index]));
  return [...rows].sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity));
}

/** The rep's choices as the shared picker lists them (src/ui/customer-picker.tsx). */
function CustomerChoices({
  db,
  companyId,
  accountId,
  visit,
  onPick,
  onCancel,
  onRead,
}: {
  db: AppDb;
  companyId: number;
  accountId: number;
  visit: OpenVisitHint;
  onPick: (customer: LocalCustomer) => void;
  onCancel: (() => void) | null;
  onRead?: () => void;
}) {
  const search = useSelectSearch({ delay: 150, trim: true });
  const { debounced } = search;
  const { recent, found, visitCustomer } = useCustomerChoices(
    db,
    { companyId, accountId },
    debounced,
    CUSTOMER_RESULTS,
    visit?.customerId ?? null,
  );
  const recentIds = (recent ?? []).map((customer) => customer.id);
  const rows = debounced
    ? recentFirst(found ?? [], recentIds)
    : [...(recent ?? []), ...(found ?? []).filter((customer) => !recentIds.includes(customer.id))].slice(0, CUSTOMER_RESULTS);
  const shown = visitCustomer && !debounced ? [visitCustomer, ...rows.filter((row) => row.id !== visitCustomer.id)] : rows;
  // Before a search, the list is drawn once the recent customers, the first ones and the visited one
  // are all read: drawn as each arrived, its rows moved under the rep's thumb.
  const reading = debounced
    ? found === undefined && shown.length === 0
    : recent === undefined || found === undefined || visitCustomer === undefined;
  useEffect(() => {
    if (!reading) onRead?.();
  }, [reading, onRead]);
  return (
    <CustomerPicker
      search={search}
      customers={reading ? undefined : shown}
      onPick={onPick}
      tag={(customer) =>
        visitCustomer?.id === customer.id
          ? { label: 'Đang ghé thăm', color: 'teal' }
          : recentIds.includes(customer.id)
            ? { label: 'Gần đây', color: 'blue' }
            : null
      }
      refuseInactive
      withAsterisk
      maxHeight={420}
      action={
        onCancel && (
          <Button variant="default" onClick={onCancel}>
            Hủy
          </Button>
        )
      }
      testIds={{ search: 'order-customer-search', results: 'order-customer-results' }}
    />
  );
}

export function CustomerSection({
  db,
  companyId,
  accountId,
  customerId,
  customer,
  typeName,
  levelName,
  wholesale,
  visit,
  linkedVisit,
  disabled,
  onPick,
  onChoicesRead,
}: {
  db: AppDb;
  companyId: number;
  accountId: number;
  customerId: string | null;
  /** undefined while loading. */
  customer: LocalCustomer | null | undefined;
  typeName: string | null;
  levelName: string | null;
  wholesale: boolean;
  visit: OpenVisitHint;
  /** The order is linked to the visit in progress. */
  linkedVisit: boolean;
  disabled?: boolean;
  onPick: (customer: LocalCustomer) => void;
  /** The customers to pick from are read and drawn (what is under them stops moving). */
  onChoicesRead?: () => void;
}) {
  const [picking, setPicking] = useState(false);
  const choose = (picked: LocalCustomer) => {
    setPicking(false);
    onPick(picked);
  };
  if (customerId && customer === undefined) return null;
  if (!customerId || !customer || picking) {
    return (
      <Card withBorder radius="md" padding="md" data-testid="order-customer">
        {customerId && customer === null && (
          <Alert color="yellow" variant="light" mb="sm">
            Khách hàng của đơn không còn trên máy. Vui lòng chọn lại khách hàng.
          </Alert>
        )}
        <CustomerChoices
          db={db}
          companyId={companyId}
          accountId={accountId}
          visit={visit}
          onPick={choose}
          onCancel={customer && picking ? () => setPicking(false) : null}
          onRead={onChoicesRead}
        />
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-customer">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <IconUser size={20} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} data-testid="order-customer-name">
              {customer.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[customer.code, customer.phone].filter(Boolean).join(' · ')}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {formatAddress(customer.address)}
            </Text>
            <Group gap={4} mt={6}>
              {typeName && (
                <Badge size="xs" variant="light" color="blue">
                  {typeName}
                </Badge>
              )}
              {levelName && (
                <Badge size="xs" variant="light" color="violet">
                  {levelName}
                </Badge>
              )}
              {wholesale && (
                <Badge size="xs" variant="light" color="grape">
                  Giá sỉ
                </Badge>
              )}
              {linkedVisit && (
                <Badge size="xs" variant="light" color="teal" leftSection={<IconMapPinFilled size={10} />}>
                  Đang ghé thăm
                </Badge>
              )}
              {customer.syncState === 'pending' && (
                <Badge size="xs" variant="light" color="yellow">
                  Khách hàng chờ đồng bộ
                </Badge>
              )}
            </Group>
          </div>
        </Group>
        <Button
          variant="light"
          size="compact-sm"
          onClick={() => setPicking(true)}
          disabled={disabled}
          style={{ flexShrink: 0 }}
          data-testid="change-customer"
        >
          Đổi
        </Button>
      </Group>
      {customer.status !== 'active' && (
        <Alert color="red" variant="light" mt="sm">
          Khách hàng đã ngừng hoạt động, đơn hàng sẽ bị từ chối. Vui lòng chọn khách hàng khác.
        </Alert>
      )}
    </Card>
  );
}
