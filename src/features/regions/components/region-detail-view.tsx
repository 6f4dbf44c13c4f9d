/**
 * One region: its provinces, and its staff (assigned through their membership), customers and
 * orders (by address) in tabs, each searchable and paged (getstaff/, getcustomer/, getorder/).
 * Edit and delete for members who may.
 */
import { REGION_TABS, type RegionTab } from '../model/region-search';
import { Alert, Badge, Button, Card, Group, Loader, Pagination, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { CUSTOMER_STATUS_LABELS, type CustomerStatus } from '@contract/customers';
import { formatMoney } from '@contract/money';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from '@contract/orders-status';
import type { RegionCustomerRow, RegionOrderRow, RegionStaffRow } from '@contract/regions';
import { formatDate } from '@/lib/dates';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { AnchorLink } from '@/ui/anchor-link';
import { useRegion, useRegionChild, useRegionWrites } from '../api/region-api';
import { confirmDeleteRegion } from './region-list-view';
import { RegionFormModal } from './region-form';
import { SearchInput } from '@/ui/search-input';

const TAB_LABELS: Record<RegionTab, string> = { staff: 'Nhân viên', customers: 'Khách hàng', orders: 'Đơn hàng' };
const PAGE_SIZE = 10;

type Props = {
  companyId: number;
  regionId: number;
  tab: RegionTab;
  onTab: (tab: RegionTab) => void;
  onBack: () => void;
  isMobile: boolean;
  /** "Trình dược viên" or "Nhân viên bán hàng". */
  staffLabel: string;
};

const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');

export function RegionDetailView({ companyId, regionId, tab, onTab, onBack, isMobile, staffLabel }: Props) {
  const region = useRegion(companyId, regionId);
  const writes = useRegionWrites(companyId);
  const canEdit = useCan('regions', 'edit');
  const canDelete = useCan('regions', 'delete');
  const [editing, setEditing] = useState(false);

  return (
    <Stack gap="md" data-testid="region-detail">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} px={4}>
          Danh sách khu vực
        </Button>
      </Group>
      {region.isError && <Alert color="red">{region.error.message}</Alert>}
      {region.isPending && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {region.data && (
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={3} data-testid="region-title">
                  {region.data.name}
                </Title>
                <Text size="sm" c="dimmed">
                  Mã {region.data.code} · {region.data.staff_count} nhân viên · {region.data.customer_count} khách hàng
                </Text>
                {region.data.description && <Text size="sm">{region.data.description}</Text>}
              </div>
              <Group gap="xs">
                {canEdit && (
                  <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)} data-testid="region-edit">
                    Sửa
                  </Button>
                )}
                {canDelete && (
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() => void confirmDeleteRegion(region.data, writes, onBack)}
                    data-testid="region-delete"
                  >
                    Xóa
                  </Button>
                )}
              </Group>
            </Group>
            <Group gap={4} data-testid="region-provinces-list">
              {region.data.provinces.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Chưa có tỉnh/thành nào
                </Text>
              ) : (
                region.data.provinces.map((province) => (
                  <Badge key={province.code} variant="light" tt="none">
                    {province.name}
                  </Badge>
                ))
              )}
            </Group>
          </Stack>
        </Card>
      )}
      <Tabs value={tab} onChange={(next) => next && onTab(next as RegionTab)} keepMounted={false}>
        <Tabs.List>
          {REGION_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`region-tab-${value}`}>
              {TAB_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="staff" pt="md">
          <ChildList companyId={companyId} regionId={regionId} kind="staff" isMobile={isMobile} staffLabel={staffLabel} />
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="md">
          <ChildList companyId={companyId} regionId={regionId} kind="customers" isMobile={isMobile} staffLabel={staffLabel} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <ChildList companyId={companyId} regionId={regionId} kind="orders" isMobile={isMobile} staffLabel={staffLabel} />
        </Tabs.Panel>
      </Tabs>
      {region.data && (
        <RegionFormModal
          companyId={companyId}
          editing={editing ? region.data : null}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
          writes={writes}
          isMobile={isMobile}
        />
      )}
    </Stack>
  );
}

const PLACEHOLDERS: Record<RegionTab, string> = {
  staff: 'Tìm theo tên, mã, số điện thoại…',
  customers: 'Tìm theo tên, mã, số điện thoại khách hàng…',
  orders: 'Tìm theo mã đơn, khách hàng…',
};

const EMPTY: Record<RegionTab, string> = {
  staff: 'Chưa có nhân viên nào thuộc khu vực này',
  customers: 'Chưa có khách hàng nào có địa chỉ trong khu vực này',
  orders: 'Chưa có đơn hàng nào trong khu vực này',
};

function ChildList({
  companyId,
  regionId,
  kind,
  isMobile,
  staffLabel,
}: {
  companyId: number;
  regionId: number;
  kind: RegionTab;
  isMobile: boolean;
  staffLabel: string;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useRegionChild(companyId, kind, { region: regionId, search, page, limit: PAGE_SIZE });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / PAGE_SIZE)) : 1;
  return (
    <Stack gap="sm" data-testid={`region-${kind}`}>
      <SearchInput
        value={search}
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
        }}
        label={`Tìm ${TAB_LABELS[kind].toLowerCase()}`}
        placeholder={PLACEHOLDERS[kind]}
      />
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      {list.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState title={search ? 'Không có kết quả phù hợp' : EMPTY[kind]} />
      ) : data ? (
        <>
          {kind === 'staff' && <StaffRows rows={data.rows as RegionStaffRow[]} isMobile={isMobile} staffLabel={staffLabel} />}
          {kind === 'customers' && <CustomerRows rows={data.rows as RegionCustomerRow[]} isMobile={isMobile} />}
          {kind === 'orders' && <OrderRows rows={data.rows as RegionOrderRow[]} isMobile={isMobile} />}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid={`region-${kind}-count`}>
              {data.count} {TAB_LABELS[kind].toLowerCase()}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}

const kindLabel = (kind: string, staffLabel: string) => (kind === 'sales' ? staffLabel : 'Văn phòng');

function StaffRows({ rows, isMobile, staffLabel }: { rows: RegionStaffRow[]; isMobile: boolean; staffLabel: string }) {
  if (isMobile)
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Card key={row.account_id} withBorder radius="md" padding="sm" data-testid="region-staff-row">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600}>{row.full_name}</Text>
                <Text size="xs" c="dimmed">
                  {[row.code, row.role_name ?? kindLabel(row.staff_kind, staffLabel), row.phone].filter(Boolean).join(' · ')}
                </Text>
                {row.manager_name && (
                  <Text size="xs" c="dimmed">
                    Quản lý: {row.manager_name}
                  </Text>
                )}
              </div>
              <Badge variant="light" color={row.is_active ? 'teal' : 'gray'} size="sm" tt="none">
                {row.is_active ? 'Đang làm việc' : 'Ngừng hoạt động'}
              </Badge>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table striped verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Mã</Table.Th>
          <Table.Th>Họ và tên</Table.Th>
          <Table.Th>Điện thoại</Table.Th>
          <Table.Th>Vai trò</Table.Th>
          <Table.Th>Quản lý</Table.Th>
          <Table.Th>Ngày bắt đầu</Table.Th>
          <Table.Th>Trạng thái</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.account_id} data-testid="region-staff-row">
            <Table.Td>{dash(row.code)}</Table.Td>
            <Table.Td fw={600}>{row.full_name}</Table.Td>
            <Table.Td>{row.phone}</Table.Td>
            <Table.Td>{row.role_name ?? kindLabel(row.staff_kind, staffLabel)}</Table.Td>
            <Table.Td>{dash(row.manager_name)}</Table.Td>
            <Table.Td>{row.start_date ? formatDate(row.start_date) : '—'}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={row.is_active ? 'teal' : 'gray'} size="sm" tt="none">
                {row.is_active ? 'Đang làm việc' : 'Ngừng hoạt động'}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CustomerName({ row }: { row: RegionCustomerRow }) {
  return (
    <AnchorLink to="/customers/$id" params={{ id: row.id }} fw={600} size="sm">
      {row.name}
    </AnchorLink>
  );
}

const customerStatus = (status: string) => CUSTOMER_STATUS_LABELS[status as CustomerStatus] ?? status;

function CustomerRows({ rows, isMobile }: { rows: RegionCustomerRow[]; isMobile: boolean }) {
  if (isMobile)
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" padding="sm" data-testid="region-customer-row">
            <CustomerName row={row} />
            <Text size="xs" c="dimmed">
              {row.code} · {row.kind}
              {row.phone ? ` · ${row.phone}` : ''}
            </Text>
            <Text size="sm" lineClamp={2}>
              {dash(row.address)}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mã</Table.Th>
            <Table.Th>Tên khách hàng</Table.Th>
            <Table.Th>Điện thoại</Table.Th>
            <Table.Th>Địa chỉ</Table.Th>
            <Table.Th>Phụ trách</Table.Th>
            <Table.Th>Trạng thái</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="region-customer-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.code}</Table.Td>
              <Table.Td>
                <CustomerName row={row} />
                <Text size="xs" c="dimmed">
                  {row.kind}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(row.phone)}</Table.Td>
              <Table.Td maw={300}>
                <Text size="sm" lineClamp={2}>
                  {dash(row.address)}
                </Text>
              </Table.Td>
              <Table.Td>{dash(row.staff_name)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={row.status === 'active' ? 'teal' : 'gray'} size="sm" tt="none">
                  {customerStatus(row.status)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StatusBadge({ row }: { row: RegionOrderRow }) {
  return (
    <Badge variant="light" color={ORDER_STATUS_COLORS[row.status]} size="sm" tt="none">
      {ORDER_STATUS_LABELS[row.status] ?? row.status}
    </Badge>
  );
}

function OrderRows({ rows, isMobile }: { rows: RegionOrderRow[]; isMobile: boolean }) {
  if (isMobile)
    return (
      <Stack gap="xs">
        {rows.map((row) => (
          <Card key={row.id} withBorder radius="md" padding="sm" data-testid="region-order-row">
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{row.code ?? row.local_no}</Text>
              <StatusBadge row={row} />
            </Group>
            <Text size="sm">{row.customer_name}</Text>
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                {formatDate(row.created_at)} · {row.account_name}
              </Text>
              <Text size="sm" fw={600}>
                {formatMoney(row.total)}
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mã đơn</Table.Th>
            <Table.Th>Ngày tạo</Table.Th>
            <Table.Th>Khách hàng</Table.Th>
            <Table.Th>Người tạo</Table.Th>
            <Table.Th>Trạng thái</Table.Th>
            <Table.Th ta="right">Tổng tiền</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="region-order-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600}>
                  {row.code ?? row.local_no}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</Table.Td>
              <Table.Td>
                <Text size="sm">{row.customer_name}</Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {row.customer_address}
                </Text>
              </Table.Td>
              <Table.Td>{row.account_name}</Table.Td>
              <Table.Td>
                <StatusBadge row={row} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
