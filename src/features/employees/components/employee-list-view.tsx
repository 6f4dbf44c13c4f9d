/**
 * /pharmacist (sales staff) and /employees (office staff): search, region and state filters, the
 * list (table on desktop, cards on phones), paging, and what the member's role allows: add,
 * edit, reset a password, deactivate or reactivate (after a confirmation), import staff or their
 * sales figures from Excel, export. Buttons the role does not allow are not shown (`useCan`); the
 * server refuses them anyway.
 */
import { ActionIcon, Button, Group, Menu, SimpleGrid } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconChevronDown, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { salesStaffLabel } from '@contract/company';
import {
  EMPLOYEE_STATUS_LABELS,
  EMPLOYEE_STATUSES,
  employeePaths,
  OFFICE_STAFF_LABEL,
  type EmployeeRecord,
  type StaffKind,
} from '@contract/employees';
import { useCan } from '@/session/access';
import { downloadFile } from '@/api/files';
import { openConfirm } from '@/ui/confirm-dialog';
import { ExportButton } from '@/ui/list-page/export-button';
import { SelectFilters, type SelectField } from '@/ui/list-page/filter-select';
import { ListPage, type ListScreenProps } from '@/ui/list-page/list-page';
import { employeeKeys, employeeWrites, useEmployeeList, useEmployeeOptions, writeErrorMessage } from '../api/employee-api';
import { applyFilterChange, toListQuery, type StaffFilterPatch, type StaffListFilter } from '../model/employee-filter';
import { emptyEmployeeForm, recordToForm, type EmployeeFormValues } from '../model/employee-form';
import { EmployeeFormDrawer } from './employee-form-drawer';
import { EmployeeImportDialog, type ImportKind } from './employee-import-dialog';
import { employeeRows, type RowActions } from './employee-results';
import { ResetPasswordDialog } from './reset-password-dialog';
import { toastedWrite } from '@/ui/toasted-write';

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

  async function toggleActive(row: EmployeeRecord) {
    const deactivate = row.is_active;
    await openConfirm({
      title: deactivate ? 'Ngừng hoạt động nhân viên' : 'Kích hoạt lại nhân viên',
      icon: deactivate ? 'warning' : 'success',
      message: deactivate
        ? `Ngừng hoạt động ${row.full_name}? Người này sẽ không vào được công ty và không còn trong danh sách chọn nhân viên; khách hàng, đơn hàng và lịch sử ghé thăm của họ vẫn được giữ.`
        : `Kích hoạt lại ${row.full_name}? Người này sẽ vào lại được công ty.`,
      okLabel: deactivate ? 'Ngừng hoạt động' : 'Kích hoạt lại',
      onOk: () =>
        toastedWrite(
          async () => {
            const answer = await employeeWrites.setActive(companyId, row.id, !deactivate);
            refresh();
            return answer.message;
          },
          (error) => writeErrorMessage(error, 'Không cập nhật được trạng thái. Vui lòng thử lại.'),
        ),
    });
  }

  const exportList = async () => {
    const query = toListQuery(companyId, kind, filter);
    await downloadFile(
      employeePaths.exportEmployees,
      { company: companyId, kind, search: query.search, region: query.region, status: query.status },
      'nhan-vien.xlsx',
    );
  };

  const actions: RowActions = {
    canEdit,
    canDeactivate: canDelete,
    selfId: accountId,
    onEdit: (row) => setEditing({ record: row, initial: recordToForm(row) }),
    onResetPassword: setResetting,
    onToggleActive: (row) => void toggleActive(row),
  };

  const createButton = canCreate ? (
    <Button leftSection={<IconPlus size={18} />} onClick={create} data-testid="employee-create" style={isMobile ? { flex: 1 } : undefined}>
      Thêm {label.toLowerCase()}
    </Button>
  ) : null;
  const showImport = canCreate || canEdit;
  // On phones the import and export buttons are icons, so the add button keeps its words.
  const importTarget = isMobile ? (
    <ActionIcon variant="default" size={36} aria-label="Nhập Excel" data-testid="employee-import">
      <IconFileImport size={20} />
    </ActionIcon>
  ) : (
    <Button
      variant="default"
      leftSection={<IconFileImport size={18} />}
      rightSection={<IconChevronDown size={14} />}
      data-testid="employee-import"
    >
      Nhập Excel
    </Button>
  );
  const toolbar = (
    <>
      {createButton}
      {showImport && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>{importTarget}</Menu.Target>
          <Menu.Dropdown>
            {canCreate && <Menu.Item onClick={() => setImporting('staff')}>Nhập danh sách nhân viên</Menu.Item>}
            {canEdit && <Menu.Item onClick={() => setImporting('revenue')}>Nhập doanh số theo tháng</Menu.Item>}
          </Menu.Dropdown>
        </Menu>
      )}
      {canExport && (
        <ExportButton
          run={exportList}
          failure={(error) => writeErrorMessage(error, 'Xuất Excel thất bại')}
          iconOnly={isMobile}
          testId="employee-export"
        />
      )}
    </>
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
          <ResetPasswordDialog companyId={companyId} record={resetting} onClose={() => setResetting(null)} isMobile={isMobile} />
          <EmployeeImportDialog
            kind={importing}
            companyId={companyId}
            onClose={() => setImporting(null)}
            onImported={refresh}
            isMobile={isMobile}
          />
        </>
      }
      rows={employeeRows(actions)}
    />
  );
}
