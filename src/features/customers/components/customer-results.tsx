/**
 * Customers as a table on desktop and as cards on phones: code, name, kind, phone, address, group,
 * level, staff, status, and the sync chip of a customer made on this device and not yet synced.
 */
import { Anchor, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconMapPin, IconPhone } from '@tabler/icons-react';
import { AnchorLink } from '@/ui/anchor-link';
import { formatAddress } from '@contract/address';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@contract/customers';
import { SyncChip } from '@/ui/sync-chip';
import type { CustomerRow } from '../api/customer-list';

export type NameOf = (id: number | null) => string | null;

type RowsProps = {
  rows: CustomerRow[];
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

export function CustomerTable({ rows, typeName, levelName, staffName, staffLabel }: RowsProps) {
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="customer-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mã</Table.Th>
            <Table.Th>Tên khách hàng</Table.Th>
            <Table.Th>Loại hình</Table.Th>
            <Table.Th>Điện thoại</Table.Th>
            <Table.Th>Địa chỉ</Table.Th>
            <Table.Th>Nhóm</Table.Th>
            <Table.Th>Cấp độ</Table.Th>
            <Table.Th>{staffLabel}</Table.Th>
            <Table.Th>Trạng thái</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="customer-row" data-id={row.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.code}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <CustomerName row={row} size="sm" />
                  {row.syncState !== 'synced' && <SyncChip state={row.syncState} />}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.kind}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(row.phone)}</Table.Td>
              <Table.Td maw={280}>
                <Text size="sm" lineClamp={2}>
                  {dash(formatAddress(row.address))}
                </Text>
              </Table.Td>
              <Table.Td>{dash(typeName(row.customer_type_id))}</Table.Td>
              <Table.Td>{dash(levelName(row.level_id))}</Table.Td>
              <Table.Td>{dash(staffName(row))}</Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function CustomerCards({ rows, typeName, levelName, staffName, staffLabel }: RowsProps) {
  return (
    <Stack gap="xs" data-testid="customer-cards">
      {rows.map((row) => {
        const address = formatAddress(row.address);
        const group = typeName(row.customer_type_id);
        const level = levelName(row.level_id);
        const staff = staffName(row);
        return (
          <Card key={row.id} withBorder radius="md" padding="sm" data-testid="customer-row" data-id={row.id}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <CustomerName row={row} />
                  <Text size="xs" c="dimmed">
                    {row.code} · {row.kind}
                  </Text>
                </div>
                {row.syncState !== 'synced' ? <SyncChip state={row.syncState} /> : <StatusBadge status={row.status} />}
              </Group>
              {row.phone && (
                <Group gap={6} wrap="nowrap">
                  <IconPhone size={14} aria-hidden />
                  <Anchor href={`tel:${row.phone}`} size="sm">
                    {row.phone}
                  </Anchor>
                </Group>
              )}
              {address && (
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <IconMapPin size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
                  <Text size="sm" lineClamp={2}>
                    {address}
                  </Text>
                </Group>
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
                  {staffLabel}: {staff}
                </Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
