/**
 * An action that asks why before it is done (setting a refused order or op aside): a button opens
 * a list of the usual reasons plus "Khác" for the person's own words, and the confirm stays off
 * until there is a reason. The test ids (`discard-…`) are the same wherever it is used.
 */
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast } from './toast';

const OTHER_REASON = 'Khác';

type Props = {
  /** The button that opens the form ("Bỏ đơn này"). */
  label: string;
  /** The confirm button ("Bỏ đơn"). */
  confirmLabel: string;
  reasonLabel: string;
  reasons: readonly string[];
  /** Does it; a throw is logged and told as `failure`. */
  onConfirm: (reason: string) => Promise<void>;
  failure: string;
  testId?: string;
};

export function ReasonAction({ label, confirmLabel, reasonLabel, reasons, onConfirm, failure, testId = 'discard' }: Props) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const reason = choice === OTHER_REASON ? other.trim() : (choice ?? '');
  if (!open)
    return (
      <Button variant="subtle" color="red.8" leftSection={<IconTrash size={16} />} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
    );

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm(reason);
    } catch (error) {
      console.error(`${label} failed`, error);
      toast.error(failure);
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="discard-form">
      <Select
        label={reasonLabel}
        placeholder="Chọn lý do"
        data={[...reasons, OTHER_REASON]}
        value={choice}
        onChange={setChoice}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid="discard-reason"
      />
      {choice === OTHER_REASON && (
        <TextInput label="Lý do khác" value={other} onChange={(event) => setOther(event.currentTarget.value)} maxLength={200} />
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
          Đóng lại
        </Button>
        <Button color="red.8" onClick={() => void confirm()} loading={busy} disabled={!reason} data-testid="discard-confirm">
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
