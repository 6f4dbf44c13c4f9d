/**
 * The list's buttons (employee-list-view.tsx): add, import staff or their monthly sales from Excel,
 * export; each only when the member's role allows it.
 */
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconChevronDown, IconFileImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ExportButton } from '@/ui/list-page/export-button';
import { writeErrorMessage } from '../api/employee-api';
import type { ImportKind } from './employee-import-dialog';

type Props = {
  createButton: ReactNode;
  canCreate: boolean;
  canEdit: boolean;
  canExport: boolean;
  isMobile: boolean;
  setImporting: (kind: ImportKind) => void;
  exportList: () => Promise<void>;
};

export function EmployeeToolbar({ createButton, canCreate, canEdit, canExport, isMobile, setImporting, exportList }: Props) {
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
  return (
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
}
