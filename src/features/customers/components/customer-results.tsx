/**
 * Customers as a table on desktop and as cards on phones: code, name, kind, phone, address, group,
 * level, staff, status, and the sync chip of a customer made on this device and not yet synced.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { formatAddress } from '@contract/address';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@contract/customers';
import { AnchorLink } from '@/ui/anchor-link';
import { CardLine, PhoneLine } from '@/ui/list-page/card-line';
import type { RowsSpec } from '@/ui/list-page/list-rows';
import { SyncChip } from '@/ui/sync-chip';
import type { CustomerRow } from '../api/customer-list';
import { CardHead } from '@/ui/list-page/card-head';

export type NameOf = (id: number | null) => string | null;

export type Names = {
  typeName: NameOf;
  levelName: NameOf;
  staffName: (row: CustomerRow) => string | null;
  staffLabel: string;
};

export function StatusBadge({ status }: { status: CustomerStatus }) {
  return (
    <Badge variant="light" color={status === 'active' ? 'teal' : 'gray'} size="sm" tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>
      {CUSTOMER_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

function CustomerName({ row, size }: { row: CustomerRow; size?: 'sm' }) {
  return (
    <AnchorLink to="/customers/$id" params={{ id: row.id }} fw={600} size={size} data-testid="customer-name">
      {row.name}
    </AnchorLink>
  );
}

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

/** The customer list's rows: the table's columns and the phone's card. */
export function customerRows(names: Names): RowsSpec<CustomerRow> {
  const { typeName, levelName, staffName, staffLabel } = names;
  const columns: RowsSpec<CustomerRow>['columns'] = [
    { key: 'code', label: 'Mã', nowrap: true, cell: (row) => row.code },
    {
      key: 'name',
      label: 'Tên khách hàng',
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          <CustomerName row={row} size="sm" />
          {row.syncState !== 'synced' && <SyncChip state={row.syncState} />}
        </Group>
      ),
    },
    { key: 'kind', label: 'Loại hình', nowrap: true, cell: (row) => row.kind },
    { key: 'phone', label: 'Điện thoại', nowrap: true, cell: (row) => dash(row.phone) },
    { key: 'address', label: 'Địa chỉ', maxWidth: 280, lines: 2, cell: (row) => dash(formatAddress(row.address)) },
    { key: 'group', label: 'Nhóm', cell: (row) => dash(typeName(row.customer_type_id)) },
    { key: 'level', label: 'Cấp độ', cell: (row) => dash(levelName(row.level_id)) },
    { key: 'staff', label: staffLabel, cell: (row) => dash(staffName(row)) },
    { key: 'status', label: 'Trạng thái', cell: (row) => <StatusBadge status={row.status} /> },
  ];
  return {
    testId: 'customer',
    rowProps: (row) => ({ 'data-id': row.id }),
    card: (row) => <CustomerCard row={row} names={names} />,
    columns,
    minWidth: 1100,
  };
}

function CustomerCard({ row, names }: { row: CustomerRow; names: Names }) {
  const address = formatAddress(row.address);
  const group = names.typeName(row.customer_type_id);
  const level = names.levelName(row.level_id);
  const staff = names.staffName(row);
  return (
    <Stack gap={4}>
      <CardHead aside={row.syncState !== 'synced' ? <SyncChip state={row.syncState} /> : <StatusBadge status={row.status} />}>
        <CustomerName row={row} />
        <Text size="xs" c="dimmed">
          {row.code} · {row.kind}
        </Text>
      </CardHead>
      {row.phone && <PhoneLine phone={row.phone} />}
      {address && (
        <CardLine icon={IconMapPin}>
          <Text size="sm" lineClamp={2}>
            {address}
          </Text>
        </CardLine>
      )}
      <Group gap={6}>
        {group && (
          <Badge size="sm" variant="outline">
            {group}
          </Badge>
        )}
        {level && (
          <Badge size="sm" variant="outline" color="grape">
            {level}
          </Badge>
        )}
        {row.syncState !== 'synced' && <StatusBadge status={row.status} />}
      </Group>
      {staff && (
        <Text size="xs" c="dimmed">
          {names.staffLabel}: {staff}
        </Text>
      )}
    </Stack>
  );
}
