// Spec §8 confirmation dialog: default title 'Thông báo', a success/warning/error icon, buttons
// 'Đóng lại' and 'Xác nhận'. Confirm closes only when the ok handler returns true; cancel runs its
// handler and closes. Spec §9: at most 400 px wide. Shown by the app's DialogsHost (dialogs-host.tsx).
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, type Icon } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

export type ConfirmIcon = 'success' | 'warning' | 'error';

export interface ConfirmOptions {
  /** Defaults to 'Thông báo'. */
  title?: ReactNode;
  message: ReactNode;
  /** Defaults to 'warning': most confirmations guard something that cannot be undone. */
  icon?: ConfirmIcon;
  okLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Return true to close; false, or a rejected promise, keeps the dialog open (e.g. the delete failed). */
  onOk?: () => boolean | Promise<boolean>;
  /** Runs when the dialog is dismissed without confirming: 'Đóng lại', the close button or Escape. */
  onCancel?: () => void;
}

export const CONFIRM_MAX_WIDTH = 400;

const ICONS: Record<ConfirmIcon, { icon: Icon; color: string }> = {
  success: { icon: IconCircleCheck, color: 'teal' },
  warning: { icon: IconAlertTriangle, color: 'yellow' },
  error: { icon: IconCircleX, color: 'red' },
};

interface ConfirmBodyProps {
  options: ConfirmOptions;
  onConfirmed: () => void;
  onDismiss: () => void;
  onBusyChange: (busy: boolean) => void;
}

function ConfirmBody({ options, onConfirmed, onDismiss, onBusyChange }: ConfirmBodyProps) {
  const [busy, setBusy] = useState(false);
  const { icon: GlyphIcon, color } = ICONS[options.icon ?? 'warning'];

  const setWorking = (working: boolean) => {
    setBusy(working);
    onBusyChange(working);
  };

  const confirm = async () => {
    const result = options.onOk ? options.onOk() : true;
    // A synchronous answer needs no spinner.
    if (typeof result === 'boolean') {
      if (result) onConfirmed();
      return;
    }
    setWorking(true);
    let ok = false;
    try {
      ok = (await result) === true;
    } catch (error) {
      // The caller owns the user-facing message (usually a toast); keep the cause for debugging.
      console.error('Confirm handler failed', error);
    }
    if (ok) onConfirmed();
    else setWorking(false);
  };

  return (
    <Stack align="center" gap="md">
      <ThemeIcon variant="light" color={color} size={56} radius="xl" aria-hidden>
        <GlyphIcon size={34} />
      </ThemeIcon>
      <Text ta="center">{options.message}</Text>
      <Group justify="center" w="100%" grow>
        <Button variant="default" onClick={onDismiss} disabled={busy}>
          {options.cancelLabel ?? 'Đóng lại'}
        </Button>
        <Button onClick={() => void confirm()} loading={busy}>
          {options.okLabel ?? 'Xác nhận'}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Opens the confirmation dialog. Resolves true once confirmed and closed, false when dismissed.
 * While an async onOk runs, 'Xác nhận' shows a spinner and the dialog cannot be dismissed, so the
 * answer cannot get lost halfway through the work it started.
 */
export function openConfirm(options: ConfirmOptions): Promise<boolean> {
  if (hosts > 0) return show(options);
  return new Promise((resolve) => waiting.push(() => resolve(show(options))));
}

/**
 * How many DialogsHost are mounted. The layouts mount theirs after the first paint; a dialog asked
 * for before that waits for it instead of being lost (the host listens for the events that open it).
 */
let hosts = 0;
const waiting: (() => void)[] = [];

/** Called by a DialogsHost once it listens; returns its unmount. */
export function dialogHostMounted(): () => void {
  hosts += 1;
  for (const open of waiting.splice(0)) open();
  return () => {
    hosts -= 1;
  };
}

function show(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const modalId = `confirm-${randomId()}`;
    let confirmed = false;

    const lock = (busy: boolean) =>
      modals.updateModal({ modalId, closeOnEscape: !busy, closeOnClickOutside: !busy, withCloseButton: !busy });

    modals.open({
      modalId,
      title: options.title ?? 'Thông báo',
      size: CONFIRM_MAX_WIDTH,
      centered: true,
      closeButtonProps: { 'aria-label': 'Đóng' },
      // Every way out (buttons, close button, Escape, overlay) ends here exactly once.
      onClose: () => {
        if (!confirmed) options.onCancel?.();
        resolve(confirmed);
      },
      children: (
        <ConfirmBody
          options={options}
          onBusyChange={lock}
          onDismiss={() => modals.close(modalId)}
          onConfirmed={() => {
            confirmed = true;
            modals.close(modalId);
          }}
        />
      ),
    });
  });
}
