/**
 * "Sửa giấy phép": the licence papers and business type of one customer, saved on the device with its
 * `customer.licence` op (model/edit-licence.ts), so it works with no signal. The values are taken
 * once when the dialog opens: a sync bringing a newer copy while the person types never replaces
 * what they typed.
 */
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import type { CustomerRecord } from '@contract/customers';
import { BUYER_CLASS_LABELS, buyerClass } from '@contract/pharma';
import type { AppDb } from '@/db/app-db';
import { DialogActions } from '@/ui/dialog-actions';
import { ProblemAlert } from '@/ui/problem';
import { useDialogWrite } from '@/ui/use-dialog-write';
import { editLicenceOnDevice } from '../model/edit-licence';
import {
  checkLicenceInput,
  kindChoices,
  kindToSend,
  licenceFormFrom,
  licenceFormToInput,
  type LicenceFormValues,
} from '../model/licence-form';
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
  // Taken once, as the papers are: the kind the dialog opened with is what "unchanged" means.
  const [opened] = useState(customer.kind);
  const [kind, setKind] = useState(customer.kind);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useDialogWrite(
    async (input: { values: LicenceFormValues; kind: string }) => {
      const changed = kindToSend(opened, input.kind);
      await editLicenceOnDevice(db, who, customer.id, { ...licenceFormToInput(input.values), ...(changed ? { kind: changed } : {}) });
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
    if (Object.keys(problems).length === 0) void save.run({ values, kind });
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
          <Select
            label="Loại hình kinh doanh"
            description={`Nhóm người mua theo quy định: ${BUYER_CLASS_LABELS[buyerClass(kind)]}`}
            data={kindChoices(opened)}
            value={kind}
            onChange={(value) => value && setKind(value)}
            allowDeselect={false}
            disabled={save.busy}
            data-testid="licence-kind"
          />
          <LicenceFields values={values} errors={errors} set={set} />
          <ProblemAlert problem={save.problem} testId="licence-problem" />
          <DialogActions onCancel={onClose} cancelLabel="Hủy" label="Lưu giấy phép" busy={save.busy} testId="licence-save" />
        </Stack>
      </form>
    </ResponsiveModal>
  );
}
