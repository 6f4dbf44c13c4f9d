/**
 * "Sửa giấy phép": the licence papers of one customer, saved on the device with its
 * `customer.licence` op (model/edit-licence.ts), so it works with no signal. The values are taken
 * once when the dialog opens: a sync bringing a newer copy while the person types never replaces
 * what they typed.
 */
import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { CustomerRecord } from '@contract/customers';
import type { AppDb } from '@/db/app-db';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { editLicenceOnDevice } from '../model/edit-licence';
import { checkLicenceInput, licenceFormFrom, licenceFormToInput, type LicenceFormValues } from '../model/licence-form';
import { LicenceFields } from './licence-fields';
import { ResponsiveModal } from '@/ui/responsive-modal';

type Props = {
  db: AppDb;
  who: { companyId: number; accountId: number };
  customer: CustomerRecord;
  /** Whether the server can be reached now: the toast says whether the change waits for a sync. */
  online: boolean;
  onClose: () => void;
};

export function LicenceEditModal({ db, who, customer, online, onClose }: Props) {
  const [values, setValues] = useState<LicenceFormValues>(() => licenceFormFrom(customer));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useDialogWrite(
    async (input: LicenceFormValues) => {
      await editLicenceOnDevice(db, who, customer.id, licenceFormToInput(input));
      return online ? 'Đã lưu giấy phép' : 'Đã lưu giấy phép (chờ đồng bộ)';
    },
    'Không lưu được giấy phép',
    onClose,
  );
  const set = <K extends keyof LicenceFormValues>(key: K, value: LicenceFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const submit = () => {
    const problems = checkLicenceInput(values);
    setErrors(problems);
    if (Object.keys(problems).length === 0) void save.run(values);
  };
  return (
    <ResponsiveModal opened onClose={save.busy ? () => undefined : onClose} title="Sửa giấy phép" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
        data-testid="licence-form"
      >
        <Stack gap="sm">
          <LicenceFields values={values} errors={errors} set={set} />
          <ProblemAlert problem={save.problem} testId="licence-problem" />
          <DialogActions onCancel={onClose} cancelLabel="Hủy" label="Lưu giấy phép" busy={save.busy} testId="licence-save" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
