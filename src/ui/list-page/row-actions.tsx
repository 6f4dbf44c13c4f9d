/**
 * The edit and delete icons at the end of a row or a card. Each is shown only when the screen
 * passes it (the member's role allows it, the row may be changed); their accessible names say
 * which row they act on ("Xóa khu vực Hà Nội"), as an icon alone does not.
 */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

type Action = { label: string; onClick: () => void };

type Props = {
  edit?: Action | false;
  remove?: Action | false;
  /** Both need the network (the screen says so elsewhere). */
  disabled?: boolean;
};

export function RowActions({ edit, remove, disabled }: Props) {
  if (!edit && !remove) return null;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {edit && (
        <Tooltip label="Sửa">
          <ActionIcon variant="subtle" aria-label={edit.label} onClick={edit.onClick} disabled={disabled}>
            <IconEdit size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {remove && (
        <Tooltip label="Xóa">
          <ActionIcon variant="subtle" color="red" aria-label={remove.label} onClick={remove.onClick} disabled={disabled}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
