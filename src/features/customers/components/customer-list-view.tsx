/**
 * The /customers screen: search, tabs, filters, the list (server online, device offline), paging.
 * "Thêm khách hàng" needs customers/create, the levels link settings/edit (issue #7).
 */
import { ActionIcon, Alert, Button, Group, Loader, Stack, Tooltip } from '@mantine/core';
import { IconCloudOff, IconPlus, IconStairsUp, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { EmptyState } from '@/ui/empty-state';
import { useCustomerList, type CustomerRow } from '../api/customer-list';
import { useCompanyStaff, useCustomerGroupsAndLevels } from '../api/customer-queries';
import { activeFilterCount, applyFilterChange, type CustomerFilter, type CustomerFilterPatch } from '../model/customer-filter';
import { SearchInput } from '@/ui/search-input';
import { CustomerFilters, CustomerTabs } from './customer-filters';
import { ListPager } from '@/ui/list-pager';
import { CustomerCards, CustomerTable } from './customer-results';

type Props = {
  db: AppDb;
  companyId: number;
  filter: CustomerFilter;
  /** Puts the next filter in the URL. */
  onFilter: (next: CustomerFilter) => void;
  staffLabel: string;
  isMobile: boolean;
};

export function CustomerListView({ db, companyId, filter, onFilter, staffLabel, isMobile }: Props) {
  const list = useCustomerList(db, companyId, filter);
  const { types, levels, typeName, levelName } = useCustomerGroupsAndLevels(db, companyId);
  const staff = useCompanyStaff(db, companyId);
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  const staffName = (row: CustomerRow) => row.staff_name ?? (row.staff_id ? (staffNames.get(row.staff_id) ?? null) : null);
  const change = (patch: CustomerFilterPatch) => onFilter(applyFilterChange(filter, patch));
  const data = list.data;
  const filtered = Boolean(filter.search) || filter.tabFilter !== undefined || activeFilterCount(filter) > 0;
  const canCreate = useCan('customers', 'create');
  const canConfigure = useCan('settings', 'edit');

  const createButton = canCreate && (
    <Button component={Link} to="/customers/create" leftSection={<IconPlus size={18} />} data-testid="customer-create">
      Thêm khách hàng
    </Button>
  );

  return (
    <Stack gap="md">
      <Group gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'} align="center">
        <SearchInput
          value={filter.search}
          onSearch={(search) => change({ search })}
          label="Tìm khách hàng"
          placeholder="Tìm theo tên, mã, số điện thoại, chủ cửa hàng…"
          testId="customer-search"
        />
        {isMobile ? (
          <Group gap="xs" w="100%" wrap="nowrap" justify="flex-end">
            {canCreate && (
              <Button
                component={Link}
                to="/customers/create"
                leftSection={<IconPlus size={18} />}
                style={{ flex: 1 }}
                data-testid="customer-create"
              >
                Thêm khách hàng
              </Button>
            )}
            <Tooltip label="Nhóm khách hàng">
              <ActionIcon component={Link} to="/customers/type" variant="default" size={36} aria-label="Nhóm khách hàng">
                <IconUsersGroup size={20} />
              </ActionIcon>
            </Tooltip>
            {canConfigure && (
              <Tooltip label="Cấp độ khách hàng">
                <ActionIcon component={Link} to="/customers/settings" variant="default" size={36} aria-label="Cấp độ khách hàng">
                  <IconStairsUp size={20} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ) : (
          createButton
        )}
      </Group>
      <CustomerTabs value={filter.tabFilter ?? 'all'} onChange={(tab) => change({ tabFilter: tab })} />
      <CustomerFilters
        filter={filter}
        onChange={change}
        types={types}
        levels={levels}
        staff={staff.data ?? []}
        staffLabel={staffLabel}
        isMobile={isMobile}
      />
      {data?.source === 'device' && (
        <Alert color="yellow" variant="light" icon={<IconCloudOff size={18} />} data-testid="customer-list-offline" p="xs">
          Không có kết nối mạng: danh sách lấy từ dữ liệu đã lưu trên máy.
        </Alert>
      )}
      {list.isError && (
        <Alert color="red" variant="light">
          {list.error.message}
        </Alert>
      )}
      {list.isPending ? (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      ) : data && data.rows.length === 0 ? (
        <EmptyState
          title={filtered ? 'Không có khách hàng phù hợp' : 'Chưa có khách hàng nào'}
          description={filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : canCreate ? 'Thêm khách hàng đầu tiên để bắt đầu bán hàng.' : undefined}
          action={filtered || !canCreate ? undefined : createButton}
        />
      ) : data ? (
        <Stack gap="sm" style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {isMobile ? (
            <CustomerCards rows={data.rows} typeName={typeName} levelName={levelName} staffName={staffName} staffLabel={staffLabel} />
          ) : (
            <CustomerTable rows={data.rows} typeName={typeName} levelName={levelName} staffName={staffName} staffLabel={staffLabel} />
          )}
          <ListPager
            page={filter.page}
            limit={filter.limit}
            count={data.count}
            noun="khách hàng"
            testId="customer-pager"
            approximate={data.source === 'device' && data.count >= (filter.page - 1) * filter.limit + filter.limit * 5}
            onPage={(page) => onFilter({ ...filter, page })}
            onLimit={(limit) => change({ limit })}
            compact={isMobile}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
