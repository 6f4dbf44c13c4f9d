/** The permission matrix of a role: one row per area of the product, one column per action. */
import { Checkbox, Table, Text } from '@mantine/core';
import { ACTION_LABELS, AREA_LABELS, PERMISSION_ACTIONS, PERMISSION_AREAS, type PermissionArea, type Permissions } from '@contract/roles';
import { has, toggle, toggleRow } from '../model/permission-matrix';

type Props = { value: Permissions; onChange?: (next: Permissions) => void; readOnly?: boolean };

export function PermissionMatrix({ value, onChange, readOnly = false }: Props) {
  const rowState = (area: PermissionArea) => {
    const on = PERMISSION_ACTIONS.filter((action) => has(value, area, action)).length;
    return { checked: on === PERMISSION_ACTIONS.length, indeterminate: on > 0 && on < PERMISSION_ACTIONS.length };
  };
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped verticalSpacing={6} data-testid="permission-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Chức năng</Table.Th>
            {PERMISSION_ACTIONS.map((action) => (
              <Table.Th key={action} ta="center">
                {ACTION_LABELS[action]}
              </Table.Th>
            ))}
            <Table.Th ta="center">Tất cả</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERMISSION_AREAS.map((area) => (
            <Table.Tr key={area} data-area={area}>
              <Table.Td>
                <Text size="sm">{AREA_LABELS[area]}</Text>
              </Table.Td>
              {PERMISSION_ACTIONS.map((action) => (
                <Table.Td key={action} ta="center">
                  <Checkbox
                    style={{ display: 'inline-block' }}
                    aria-label={`${ACTION_LABELS[action]} – ${AREA_LABELS[area]}`}
                    checked={has(value, area, action)}
                    disabled={readOnly}
                    onChange={() => onChange?.(toggle(value, area, action))}
                  />
                </Table.Td>
              ))}
              <Table.Td ta="center">
                <Checkbox
                  style={{ display: 'inline-block' }}
                  aria-label={`Tất cả quyền – ${AREA_LABELS[area]}`}
                  {...rowState(area)}
                  disabled={readOnly}
                  onChange={() => onChange?.(toggleRow(value, area))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
