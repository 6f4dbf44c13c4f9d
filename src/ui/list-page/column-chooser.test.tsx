import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS, enterWorkspace, leaveWorkspace, TEST_ACCOUNT, TEST_COMPANY } from '@/testing/screen-harness';
import { setUserAccount } from '@/session/session-store';
import { ColumnChooser, toggleColumn } from './column-chooser';
import { DataTable, type Column } from './data-table';
import { columnsKey, useStoredColumns } from './use-stored-columns';

type Key = 'code' | 'name' | 'phone';
const KEYS: Key[] = ['code', 'name', 'phone'];
const LABELS: Record<Key, string> = { code: 'Mã', name: 'Tên khách hàng', phone: 'Điện thoại' };
type Row = { id: number; code: string; name: string; phone: string };
const COLUMNS: Column<Row>[] = KEYS.map((key) => ({ key, label: LABELS[key], cell: (row) => row[key] }));

function CustomerTable() {
  const { shown, save } = useStoredColumns('customers', KEYS, ['code', 'name']);
  return (
    <>
      <ColumnChooser
        columns={KEYS}
        labels={LABELS}
        shown={shown}
        onChange={save}
        hint="Chọn các cột của bảng khách hàng"
        testId="customer-columns"
        optionTestId="customer-column"
      />
      <DataTable
        rows={[{ id: 1, code: 'KH001', name: 'Nhà thuốc Minh Châu', phone: '0912000001' }]}
        rowKey={(row) => row.id}
        columns={COLUMNS.filter((column) => shown.includes(column.key as Key))}
        testId="customer-table"
        rowTestId="customer-row"
      />
    </>
  );
}

const renderTable = () =>
  render(
    <MantineProvider env="test">
      <CustomerTable />
    </MantineProvider>,
  );

const headers = () =>
  within(screen.getByTestId('customer-table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

afterEach(() => leaveWorkspace());

describe('toggleColumn', () => {
  it('shows and hides a column, keeping the table’s order', () => {
    expect(toggleColumn(KEYS, ['code', 'phone'], 'name', true)).toEqual(['code', 'name', 'phone']);
    expect(toggleColumn(KEYS, ['code', 'name', 'phone'], 'name', false)).toEqual(['code', 'phone']);
  });

  it('never hides the last column', () => {
    expect(toggleColumn(KEYS, ['phone'], 'phone', false)).toEqual(['phone']);
  });
});

describe('column choice', () => {
  it('starts from the table’s defaults, and keeps the person’s choice for the next visit', () => {
    enterWorkspace(ADMIN_ACCESS);
    const first = renderTable();
    expect(headers()).toEqual(['Mã', 'Tên khách hàng']);

    fireEvent.click(screen.getByTestId('customer-columns'));
    expect(screen.getByText('Chọn các cột của bảng khách hàng')).toBeTruthy();
    fireEvent.click(screen.getByTestId('customer-column-phone'));
    fireEvent.click(screen.getByTestId('customer-column-code'));
    expect(headers()).toEqual(['Tên khách hàng', 'Điện thoại']);
    expect(JSON.parse(localStorage.getItem(columnsKey('customers', TEST_COMPANY.id, TEST_ACCOUNT.id))!)).toEqual(['name', 'phone']);

    first.unmount();
    renderTable();
    expect(headers()).toEqual(['Tên khách hàng', 'Điện thoại']);
  });

  it('keeps the last column shown', () => {
    enterWorkspace(ADMIN_ACCESS);
    renderTable();
    fireEvent.click(screen.getByTestId('customer-columns'));
    fireEvent.click(screen.getByTestId('customer-column-code'));
    expect((screen.getByTestId('customer-column-name') as HTMLInputElement).disabled).toBe(true);
    expect(headers()).toEqual(['Tên khách hàng']);
  });

  it('is each person’s own: another account in the same company starts from the defaults', () => {
    enterWorkspace(ADMIN_ACCESS);
    localStorage.setItem(columnsKey('customers', TEST_COMPANY.id, TEST_ACCOUNT.id), JSON.stringify(['phone']));
    setUserAccount({ ...TEST_ACCOUNT, id: 77, account_type_data: { code: 'user', title: 'Người dùng' }, company_data: [] });
    renderTable();
    expect(headers()).toEqual(['Mã', 'Tên khách hàng']);
  });
});
