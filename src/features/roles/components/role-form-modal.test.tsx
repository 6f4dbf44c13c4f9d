import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoleRecord } from '@contract/roles';
import type { RoleDraft } from '../api/role-api';
import { RoleFormModal } from './role-form-modal';

const REP_ROLE: RoleRecord = {
  id: 3,
  company: 4,
  name: 'Trình dược viên',
  description: null,
  scope: 'own',
  permissions: { orders: ['view', 'create'] },
  max_discount: 10,
  is_system: true,
  member_count: 2,
};

afterEach(cleanup);

function renderForm(role: RoleRecord | null) {
  const onSave = vi.fn(async (_draft: RoleDraft) => undefined);
  render(
    <MantineProvider env="test">
      <RoleFormModal role={role} opened onClose={() => undefined} onSave={onSave} />
    </MantineProvider>,
  );
  return onSave;
}

const limitField = () => screen.getByTestId('role-max-discount') as HTMLInputElement;

describe('Chiết khấu tối đa (%) in the role form', () => {
  it('shows the role’s limit and saves the one typed, or none when emptied', async () => {
    const onSave = renderForm(REP_ROLE);
    expect(limitField().value).toBe('10');
    fireEvent.change(limitField(), { target: { value: '15' } });
    await act(async () => fireEvent.click(screen.getByTestId('role-save')));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ max_discount: 15 }));
    fireEvent.change(limitField(), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByTestId('role-save')));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ max_discount: null }));
  });

  it('keeps over 100 % in the field with its message and does not save it; refuses a minus sign visibly', async () => {
    const onSave = renderForm(null);
    fireEvent.change(screen.getByLabelText(/Tên vai trò/), { target: { value: 'Cộng tác viên' } });
    fireEvent.change(limitField(), { target: { value: '150' } });
    expect(screen.getByText('Giá trị không được vượt quá 100 %')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('role-save')));
    expect(onSave).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('role-form-error').textContent).toBe('Chiết khấu tối đa không được vượt quá 100%'));
    fireEvent.change(limitField(), { target: { value: '-5' } });
    expect(screen.getByText('Chỉ được nhập chữ số (0–9)')).toBeTruthy();
    expect(limitField().value).toBe('150');
  });
});
