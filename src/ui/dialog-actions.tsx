// The foot of a dialog or form: a plain button that backs out ('Đóng lại' or 'Hủy') and the one action
// it is for. While the action runs it spins and backing out is locked, so an answer cannot be lost
// halfway. Without onConfirm the action submits the form around it.
import { Button, Group, type MantineColor, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogActionsProps {
  onCancel: () => void;
  /** Defaults to 'Đóng lại'. */
  cancelLabel?: ReactNode;
  cancelTestId?: string;
  /** The action's text. */
  label: ReactNode;
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
  color?: MantineColor;
  leftSection?: ReactNode;
  testId?: string;
  gap?: MantineSpacing;
  mt?: MantineSpacing;
}

export function DialogActions(props: DialogActionsProps) {
  const { busy = false, onConfirm } = props;
  return (
    <Group justify="flex-end" gap={props.gap} mt={props.mt}>
      <Button variant="default" onClick={props.onCancel} disabled={busy} data-testid={props.cancelTestId}>
        {props.cancelLabel ?? 'Đóng lại'}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        loading={busy}
        disabled={props.disabled}
        color={props.color}
        leftSection={props.leftSection}
        data-testid={props.testId}
      >
        {props.label}
      </Button>
    </Group>
  );
}
