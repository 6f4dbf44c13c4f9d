/**
 * The /customers screen: search, tabs, filters, the list (server online, device offline), paging
 * (the list-page kit, src/ui/list-page). "Thêm khách hàng" needs customers/create, the levels link
 * settings/edit; what the member's role does not allow is not offered.
 */
import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus, IconStairsUp, IconUsersGroup } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AppDb } from '@/db/app-db';
import { useCan } from '@/session/access';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import { ToolbarIcon } from '@/ui/list-page/toolbar-icon';
import { ColumnChooser } from '@/ui/list-page/column-chooser';
import { ExportButton } from '@/ui/list-page/export-button';
import { useSyncStatus } from '@/sync/sync-status';
import { CUSTOMER_COLUMNS, type CustomerColumn } from '@contract/customers';
import { useCustomerList, type CustomerRow } from '../api/customer-list';
import { useCompanyStaff, useCustomerColumns, useCustomerGroupsAndLevels } from '../api/customer-queries';
import { useCustomerWrites, writeErrorMessage } from '../api/customer-writes';
import { activeFilterCount, applyFilterChange, type CustomerFilter, type CustomerFilterPatch } from '../model/customer-filter';
import { CustomerFilters, CustomerTabs } from './customer-filters';
import { CustomerImportDialog } from './customer-import-dialog';
import { customerRows } from './customer-results';

type Props = ListScreenProps<CustomerFilter> & { db: AppDb; staffLabel: string };

export function CustomerListView(props: Props) {
  const { db, companyId, filter, onFilter, staffLabel, isMobile } = props;
  const list = useCustomerList(db, companyId, filter);
  const { types, levels, typeName, levelName } = useCustomerGroupsAndLevels(db, companyId);
  const staff = useCompanyStaff(db, companyId);
  const staffNames = new Map((staff.data ?? []).map((member) => [member.id, member.name]));
  const staffName = (row: CustomerRow) => row.staff_name ?? (row.staff_id ? (staffNames.get(row.staff_id) ?? null) : null);
  const change = (patch: CustomerFilterPatch) => onFilter(applyFilterChange(filter, patch));
  const filtered = Boolean(filter.search) || filter.tabFilter !== undefined || activeFilterCount(filter) > 0;
  const canCreate = useCan('customers', 'create');
  const canConfigure = useCan('settings', 'edit');
  const canExport = useCan('customers', 'export');
  const canEditCustomers = useCan('customers', 'edit');
  const canImport = canCreate && canEditCustomers;
  const writes = useCustomerWrites(db, companyId);
  const online = useSyncStatus((sync) => sync.online);
  const [importOpen, setImportOpen] = useState(false);
  const { columns: shown, save } = useCustomerColumns(companyId);
  const rows = customerRows({ typeName, levelName, staffName, staffLabel });
  const labels = Object.fromEntries(rows.columns.map((column) => [column.key, String(column.label)])) as Record<CustomerColumn, string>;

  const createButton = (grow: boolean) =>
    canCreate && (
      <Button
        component={Link}
        to="/customers/create"
        leftSection={<IconPlus size={18} />}
        style={grow ? { flex: 1 } : undefined}
        data-testid="customer-create"
      >
        Thêm khách hàng
      </Button>
    );
  // The sheet carries the licence papers (docs/pharma.md "The customer's papers"): the export is also the import's template.
  const sheetButtons = (
    <>
      {canImport && (
        <Button
          variant="default"
          leftSection={<IconFileImport size={18} />}
          onClick={() => setImportOpen(true)}
          data-testid="customer-import"
        >
          Nhập Excel
        </Button>
      )}
      {canExport && (
        <ExportButton
          run={async (onProgress) => `Đã tải ${await writes.exportCustomers(filter, onProgress)}`}
          failure={(error) => writeErrorMessage(error, 'Xuất Excel thất bại')}
          offline={!online}
          withProgress
          testId="customer-export"
        />
      )}
    </>
  );
  const phoneActions = (
    <Group gap="xs" w="100%" wrap="nowrap" justify="flex-end">
      {createButton(true)}
      <ToolbarIcon label="Nhóm khách hàng" icon={IconUsersGroup} to="/customers/type" />
      {canConfigure && <ToolbarIcon label="Cấp độ khách hàng" icon={IconStairsUp} to="/customers/settings" />}
    </Group>
  );

  return (
    <>
      <ListPage
        screen={props}
        apply={applyFilterChange}
        search={{ label: 'Tìm khách hàng', placeholder: 'Tìm theo tên, mã, số điện thoại, chủ cửa hàng…', testId: 'customer-search' }}
        actions={
          isMobile ? (
            phoneActions
          ) : (
            <>
              <ColumnChooser
                columns={CUSTOMER_COLUMNS}
                labels={labels}
                shown={shown}
                onChange={(next) => save.mutate(next)}
                hint="Chọn các cột của bảng khách hàng"
                saving={save.isPending}
                testId="customer-columns"
                optionTestId="customer-column"
              />
              {sheetButtons}
              {createButton(false)}
            </>
          )
        }
        header={
          <>
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
          </>
        }
        query={list}
        deviceNotice={{ testId: 'customer-list-offline' }}
        empty={{
          title: filtered ? 'Không có khách hàng phù hợp' : 'Chưa có khách hàng nào',
          description: filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : canCreate ? 'Thêm khách hàng đầu tiên để bắt đầu bán hàng.' : undefined,
          action: filtered ? undefined : createButton(false),
        }}
        pager={{ noun: 'khách hàng', testId: 'customer-pager' }}
        rows={{ ...rows, columns: shown.flatMap((key) => rows.columns.filter((column) => column.key === key)) }}
      />
      {canImport && <CustomerImportDialog opened={importOpen} onClose={() => setImportOpen(false)} writes={writes} online={online} />}
    </>
  );
}
