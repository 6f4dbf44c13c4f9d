/**
 * Creating and editing a customer (/customers/create, ?id= to edit). A new customer is always saved
 * on the device with its outbox op (`createCustomerOnDevice`), so the form works with no signal;
 * editing an existing one is a PUT and needs the server. The address picker comes in from the route
 * (features do not import each other).
 */
import { Alert, Grid, Stack, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Address } from '@contract/address';
import type { AppDb } from '@/db/app-db';
import { NoteField } from '@/ui/note-field';
import { DialogActions } from '@/ui/dialog-actions';
import type { CustomerFormValues } from '../model/customer-form';
import { holdsDrugLicence } from '../model/licence-form';
import { CustomerConsentFields } from './customer-consent-fields';
import { CustomerAddressCard, CustomerClassCard, CustomerInfoCard, CustomerLicenceSection } from './customer-form-sections';
import { useCustomerForm } from './use-customer-form';

export { EDIT_NEEDS_CONNECTION, SAVED_ONLINE, SAVED_QUEUED } from './use-customer-form';

export type AddressInputProps = { value: Address; onChange: (address: Address) => void; error?: string | null };

export type CustomerFormProps = {
  db: AppDb;
  who: { companyId: number; accountId: number; accountName: string };
  initial: CustomerFormValues;
  /** The customer being edited; absent when creating. */
  editId?: string;
  /** Why the form cannot be saved right now (e.g. editing offline), shown above the form. */
  blockedReason?: string | null;
  staffLabel: string;
  /** The address picker (from the address feature, passed in by the route). */
  renderAddress?: (props: AddressInputProps) => ReactNode;
  onDirtyChange?: (dirty: boolean) => void;
  onSaved: (id: string) => void;
  onCancel: () => void;
};

function StreetOnly({ value, onChange, error }: AddressInputProps) {
  return (
    <TextInput
      label="Địa chỉ"
      placeholder="Số nhà, tên đường"
      value={value.street ?? ''}
      error={error}
      onChange={(event) => onChange({ ...value, street: event.currentTarget.value })}
    />
  );
}

export function CustomerForm(props: CustomerFormProps) {
  const { editId, blockedReason, staffLabel, renderAddress = StreetOnly, onCancel } = props;
  const form = useCustomerForm(props);
  const { values, set, serverErrors } = form;

  return (
    <form onSubmit={(event) => void form.submit(event)} noValidate data-testid="customer-form">
      <Stack gap="md" maw={1100}>
        {blockedReason && (
          <Alert color="yellow" variant="light" data-testid="customer-form-blocked">
            {blockedReason}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <CustomerInfoCard form={form} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <CustomerAddressCard form={form} renderAddress={renderAddress} />
              <CustomerClassCard form={form} staffLabel={staffLabel} />
            </Stack>
          </Grid.Col>
          {holdsDrugLicence(values.kind) && (
            <Grid.Col span={12}>
              <CustomerLicenceSection form={form} />
            </Grid.Col>
          )}
          <Grid.Col span={12}>
            <CustomerConsentFields form={form} creating={!editId} />
          </Grid.Col>
          <Grid.Col span={12}>
            <NoteField
              label="Ghi chú"
              placeholder="Giờ mở cửa, người liên hệ, lưu ý khi giao hàng…"
              value={values.note}
              onChange={(text) => set('note', text)}
              maxLength={1000}
              error={serverErrors.note}
            />
          </Grid.Col>
        </Grid>
        <DialogActions
          onCancel={onCancel}
          cancelLabel="Hủy"
          label={editId ? 'Lưu thay đổi' : 'Lưu khách hàng'}
          busy={form.saving}
          disabled={Boolean(blockedReason)}
          leftSection={<IconDeviceFloppy size={18} />}
          testId="customer-save"
          gap="sm"
        />
      </Stack>
    </form>
  );
}
