/**
 * Creating and editing a customer (/customers/create, ?id= to edit). A new customer is always saved
 * on the device with its outbox op (`createCustomerOnDevice`), so the form works with no signal;
 * editing an existing one is a PUT and needs the server. The address picker comes in from the route
 * (features do not import each other).
 */
import { Alert, Button, Card, Checkbox, Grid, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCurrentLocation, IconDeviceFloppy, IconMapPin, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Address } from '@contract/address';
import { CUSTOMER_KINDS, CUSTOMER_STATUS_LABELS, CUSTOMER_STATUSES, type CustomerStatus } from '@contract/customers';
import { ApiError } from '@/api/api-error';
import type { AppDb } from '@/db/app-db';
import { useSyncStatus } from '@/sync/sync-status';
import { useRuleForm, validateRuleInputs } from '@/ui/rule-form';
import { RuleTextInput, type RuleInputHandle } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { NoteField } from '@/ui/note-field';
import { useCompanyStaff, useCustomerGroupsAndLevels } from '../api/customer-queries';
import { useCustomerWrites } from '../api/customer-writes';
import { createCustomerOnDevice } from '../model/create-customer';
import {
  checkCustomerInput,
  CUSTOMER_FORM_RULES,
  drugBusinessOf,
  formToInput,
  mapLink,
  sameCustomerForm,
  type CustomerFormValues,
} from '../model/customer-form';
import { DialogActions } from '@/ui/dialog-actions';

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

export const SAVED_ONLINE = 'Đã lưu khách hàng';
export const SAVED_QUEUED = 'Đã lưu khách hàng (chờ đồng bộ)';
export const EDIT_NEEDS_CONNECTION = 'Cần kết nối mạng để sửa thông tin khách hàng. Vui lòng thử lại khi có mạng.';

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

function positionError(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return 'Bạn chưa cho phép ứng dụng truy cập vị trí.';
  if (error.code === error.TIMEOUT) return 'Hết thời gian chờ lấy vị trí. Vui lòng thử lại.';
  return 'Không xác định được vị trí hiện tại.';
}

export function CustomerForm(props: CustomerFormProps) {
  const { db, who, initial, editId, blockedReason, staffLabel, renderAddress = StreetOnly, onDirtyChange, onSaved, onCancel } = props;
  const { values, setValues, serverErrors, setServerErrors, set, textProps } = useRuleForm(initial, CUSTOMER_FORM_RULES);
  const [saving, setSaving] = useState(false);
  const [locating, setLocating] = useState(false);
  const nameRef = useRef<RuleInputHandle>(null);
  const codeRef = useRef<RuleInputHandle>(null);
  const phoneRef = useRef<RuleInputHandle>(null);
  const taxCodeRef = useRef<RuleInputHandle>(null);
  const ownerRef = useRef<RuleInputHandle>(null);
  const { types, levels } = useCustomerGroupsAndLevels(db, who.companyId);
  const staff = useCompanyStaff(db, who.companyId);
  const writes = useCustomerWrites(db, who.companyId);
  const { online } = useSyncStatus();
  const dirty = !sameCustomerForm(values, initial);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  function locate() {
    if (!('geolocation' in navigator)) {
      toast.error('Thiết bị không hỗ trợ lấy vị trí.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const round = (n: number) => Math.round(n * 1e6) / 1e6;
        setValues((current) => ({ ...current, lat: round(position.coords.latitude), lng: round(position.coords.longitude) }));
        toast.success(`Đã lấy vị trí (sai số khoảng ${Math.round(position.coords.accuracy)} m)`);
      },
      (error) => {
        setLocating(false);
        toast.error(positionError(error));
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 30_000 },
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || blockedReason) return;
    if (!validateRuleInputs([nameRef, codeRef, phoneRef, ownerRef, taxCodeRef].map((ref) => ref.current))) return;
    const problems = checkCustomerInput(values);
    if (Object.keys(problems).length > 0) {
      setServerErrors(problems);
      toast.error(Object.values(problems)[0] ?? 'Dữ liệu khách hàng không hợp lệ');
      return;
    }
    setSaving(true);
    try {
      if (editId) {
        await writes.updateCustomer(editId, formToInput(values));
        toast.success(SAVED_ONLINE);
        onSaved(editId);
      } else {
        const record = await createCustomerOnDevice(db, who, formToInput(values));
        const reachable = online && (typeof navigator === 'undefined' || navigator.onLine);
        toast.success(reachable ? SAVED_ONLINE : SAVED_QUEUED);
        onSaved(record.id);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(error.fields);
        toast.error(error.isNetwork ? EDIT_NEEDS_CONNECTION : error.message);
      } else {
        toast.error(error instanceof Error && error.message ? error.message : 'Không lưu được khách hàng. Vui lòng thử lại.');
      }
    } finally {
      setSaving(false);
    }
  }

  const kinds: string[] = CUSTOMER_KINDS.includes(values.kind as never) ? [...CUSTOMER_KINDS] : [...CUSTOMER_KINDS, values.kind];
  const staffOptions = (staff.data ?? []).map((member) => ({ value: String(member.id), label: member.name }));
  if (values.staff_id && !staffOptions.some((option) => option.value === values.staff_id)) {
    staffOptions.push({
      value: values.staff_id,
      label: values.staff_id === String(who.accountId) ? who.accountName : `Nhân viên #${values.staff_id}`,
    });
  }
  const hasPosition = values.lat !== null && values.lng !== null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="customer-form">
      <Stack gap="md" maw={1100}>
        {blockedReason && (
          <Alert color="yellow" variant="light" data-testid="customer-form-blocked">
            {blockedReason}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Title order={5}>Thông tin khách hàng</Title>
                <RuleTextInput
                  label="Tên khách hàng"
                  placeholder="VD: Nhà thuốc Minh Châu"
                  ref={nameRef}
                  {...textProps('name')}
                  data-testid="field-name"
                />
                <RuleTextInput
                  label="Mã khách hàng"
                  placeholder="Để trống để hệ thống tự cấp mã"
                  ref={codeRef}
                  {...textProps('code')}
                  data-testid="field-code"
                />
                <Select
                  label="Loại hình kinh doanh"
                  data={kinds}
                  value={values.kind}
                  onChange={(value) => value && set('kind', value)}
                  allowDeselect={false}
                  error={serverErrors.kind}
                  data-testid="field-kind"
                />
                <Checkbox
                  label="Có giấy phép kinh doanh dược"
                  description="Chỉ khách có giấy phép (nhà thuốc, quầy thuốc, công ty dược) được khuyến mại thuốc; mặc định theo loại hình kinh doanh"
                  checked={drugBusinessOf(values)}
                  onChange={(event) => set('drug_business', event.currentTarget.checked)}
                  error={serverErrors.drug_business}
                  data-testid="field-drug-business"
                />
                <RuleTextInput
                  label="Số điện thoại"
                  placeholder="VD: 0901234567"
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  ref={phoneRef}
                  {...textProps('phone')}
                  data-testid="field-phone"
                />
                <RuleTextInput
                  label="Chủ cửa hàng"
                  placeholder="Họ và tên chủ cửa hàng"
                  ref={ownerRef}
                  {...textProps('owner_name')}
                  data-testid="field-owner"
                />
                <RuleTextInput
                  label="Mã số thuế"
                  placeholder="10 hoặc 13 chữ số"
                  inputMode="numeric"
                  ref={taxCodeRef}
                  {...textProps('tax_code')}
                  data-testid="field-tax"
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="md">
                <Stack gap="sm">
                  <Title order={5}>Địa chỉ và vị trí</Title>
                  {renderAddress({ value: values.address, onChange: (address) => set('address', address), error: serverErrors.address })}
                  <Group gap="xs" justify="space-between" wrap="wrap">
                    <Button
                      variant="light"
                      leftSection={<IconCurrentLocation size={18} />}
                      onClick={locate}
                      loading={locating}
                      data-testid="locate-button"
                    >
                      Lấy vị trí hiện tại
                    </Button>
                    {hasPosition && (
                      <Group gap={6} wrap="nowrap">
                        <IconMapPin size={16} aria-hidden />
                        <Text
                          size="sm"
                          component="a"
                          href={mapLink(values.lat!, values.lng!)}
                          target="_blank"
                          rel="noreferrer"
                          data-testid="position"
                        >
                          {values.lat}, {values.lng}
                        </Text>
                        <Button
                          variant="subtle"
                          color="gray"
                          size="compact-xs"
                          aria-label="Xóa vị trí"
                          onClick={() => setValues((current) => ({ ...current, lat: null, lng: null }))}
                        >
                          <IconX size={14} />
                        </Button>
                      </Group>
                    )}
                  </Group>
                  {(serverErrors.lat || serverErrors.lng) && (
                    <Text size="xs" c="red">
                      {serverErrors.lat ?? serverErrors.lng}
                    </Text>
                  )}
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="md">
                <Stack gap="sm">
                  <Title order={5}>Phân loại</Title>
                  <Select
                    label="Nhóm khách hàng"
                    placeholder="Chưa phân nhóm"
                    data={types.map((type) => ({ value: String(type.id), label: type.title }))}
                    value={values.customer_type_id || null}
                    onChange={(value) => set('customer_type_id', value ?? '')}
                    clearable
                    searchable
                    nothingFoundMessage="Không có nhóm phù hợp"
                    error={serverErrors.customer_type_id}
                    data-testid="field-group"
                  />
                  <Select
                    label="Cấp độ"
                    placeholder="Chưa có cấp độ"
                    data={levels.map((level) => ({ value: String(level.id), label: level.title }))}
                    value={values.level_id || null}
                    onChange={(value) => set('level_id', value ?? '')}
                    clearable
                    error={serverErrors.level_id}
                    data-testid="field-level"
                  />
                  <Select
                    label={`${staffLabel} phụ trách`}
                    placeholder="Chọn nhân viên"
                    data={staffOptions}
                    value={values.staff_id || null}
                    onChange={(value) => set('staff_id', value ?? '')}
                    clearable
                    searchable
                    nothingFoundMessage="Không tìm thấy nhân viên"
                    error={serverErrors.staff_id}
                    data-testid="field-staff"
                  />
                  <Select
                    label="Trạng thái"
                    data={CUSTOMER_STATUSES.map((status) => ({ value: status, label: CUSTOMER_STATUS_LABELS[status] }))}
                    value={values.status}
                    onChange={(value) => value && set('status', value as CustomerStatus)}
                    allowDeselect={false}
                    data-testid="field-status"
                  />
                </Stack>
              </Card>
            </Stack>
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
          busy={saving}
          disabled={Boolean(blockedReason)}
          leftSection={<IconDeviceFloppy size={18} />}
          testId="customer-save"
          gap="sm"
        />
      </Stack>
    </form>
  );
}
