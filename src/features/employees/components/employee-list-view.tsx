/**
 * /pharmacist (sales staff) and /employees (office staff): search, region and state filters, the
 * list (table on desktop, cards on phones), paging, and what the member's role allows: add,
 * edit, reset a password, deactivate or reactivate (after a confirmation), import staff or their
 * sales figures from Excel, export. Buttons the role does not allow are not shown (`useCan`); the
 * server refuses them anyway.
 */
import { Button, Group, SimpleGrid } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { salesStaffLabel } from '@contract/company';
import { EMPLOYEE_STATUS_LABELS, EMPLOYEE_STATUSES, OFFICE_STAFF_LABEL, type EmployeeRecord, type StaffKind } from '@contract/employees';
import { useCan } from '@/session/access';
import { SelectFilters, type SelectField } from '@/ui/list-page/filter-select';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import { employeeKeys, useEmployeeList, useEmployeeOptions } from '../api/employee-api';
import { applyFilterChange, toListQuery, type StaffFilterPatch, type StaffListFilter } from '../model/employee-filter';
import { emptyEmployeeForm, recordToForm, type EmployeeFormValues } from '../model/employee-form';
import { EmployeeFormDrawer } from './employee-form-drawer';
import { EmployeeImportDialog, type ImportKind } from './employee-import-dialog';
import { exportEmployees, toggleEmployeeActive } from './employee-list-writes';
import { employeeRows, type RowActions } from './employee-results';
import { EmployeeToolbar } from './employee-toolbar';
import { ResetPasswordDialog } from './reset-password-dialog';

type Props = ListScreenProps<StaffListFilter> & { companyType: string | null; accountId: number; kind: StaffKind };

const STATUS_OPTIONS = EMPLOYEE_STATUSES.map((status) => ({ value: status, label: EMPLOYEE_STATUS_LABELS[status] }));

type Editing = { record: EmployeeRecord | null; initial: EmployeeFormValues };

export function EmployeeListView(props: Props) {
  const { companyId, companyType, accountId, kind, filter, onFilter, isMobile } = props;
  const queryClient = useQueryClient();
  const label = kind === 'sales' ? salesStaffLabel(companyType) : OFFICE_STAFF_LABEL;
  const canCreate = useCan('employees', 'create');
  const canEdit = useCan('employees', 'edit');
  const canDelete = useCan('employees', 'delete');
  const canExport = useCan('employees', 'export');
  const list = useEmployeeList(companyId, toListQuery(companyId, kind, filter));
  const options = useEmployeeOptions(companyId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [resetting, setResetting] = useState<EmployeeRecord | null>(null);
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const change = (patch: StaffFilterPatch) => onFilter(applyFilterChange(filter, patch));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: employeeKeys.all(companyId) });
  const filtered = Boolean(filter.search) || filter.region !== undefined || filter.status !== undefined;

  const create = () => setEditing({ record: null, initial: emptyEmployeeForm(kind) });

  const exportList = () => exportEmployees(companyId, kind, filter);

  const actions: RowActions = {
    canEdit,
    canDeactivate: canDelete,
    selfId: accountId,
    onEdit: (row) => setEditing({ record: row, initial: recordToForm(row) }),
    onResetPassword: setResetting,
    onToggleActive: (row) => void toggleEmployeeActive(companyId, row, refresh),
  };

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} />} onClick={create} data-testid="employee-create" style={isMobile ? { flex: 1 } : undefined}>
      Thêm {label.toLowerCase()}
    </Button>
  ) : null;
  const toolbar = (
    <EmployeeToolbar
      createButton={createButton}
      canCreate={canCreate}
      canEdit={canEdit}
      canExport={canExport}
      isMobile={isMobile}
      setImporting={setImporting}
      exportList={exportList}
    />
  );

  const regions = (options.data?.regions ?? []).map((region) => ({ value: String(region.id), label: `${region.name} (${region.code})` }));
  const fields: SelectField<StaffListFilter>[] = [
    { field: 'region', label: 'Khu vực', all: 'khu vực', data: regions, id: true, search: true, testId: 'filter-region' },
    { field: 'status', label: 'Trạng thái', data: STATUS_OPTIONS, testId: 'filter-status' },
  ];

  return (
    <ListPage
      screen={props}
      apply={applyFilterChange}
      search={{ label: 'Tìm nhân viên', placeholder: 'Tìm theo mã, họ tên, số điện thoại, email…', testId: 'employee-search' }}
      actions={
        isMobile ? (
          <Group gap="xs" w="100%" wrap="nowrap">
            {toolbar}
          </Group>
        ) : (
          toolbar
        )
      }
      header={
        <SimpleGrid cols={isMobile ? 2 : 4} spacing="sm">
          <SelectFilters filter={filter} onChange={change} fields={fields} />
        </SimpleGrid>
      }
      query={list}
      empty={{
        title: filtered ? 'Không có nhân viên phù hợp' : `Chưa có ${label.toLowerCase()} nào`,
        description: filtered
          ? 'Thử đổi từ khóa hoặc bộ lọc.'
          : canCreate
            ? 'Thêm người đầu tiên, hoặc nhập danh sách từ Excel.'
            : undefined,
        action: filtered ? undefined : createButton,
      }}
      pager={{ noun: label.toLowerCase(), testId: 'employee-pager' }}
      footer={
        <>
          <EmployeeFormDrawer
            opened={editing !== null}
            onClose={() => setEditing(null)}
            companyId={companyId}
            companyType={companyType}
            record={editing?.record ?? null}
            initial={editing?.initial ?? emptyEmployeeForm(kind)}
            options={options.data}
            isMobile={isMobile}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
          <ResetPasswordDialog companyId={companyId} record={resetting} onClose={() => setResetting(null)} />
          <EmployeeImportDialog kind={importing} companyId={companyId} onClose={() => setImporting(null)} onImported={refresh} />
        </>
      }
      rows={employeeRows(actions)}
    />
  );
}
