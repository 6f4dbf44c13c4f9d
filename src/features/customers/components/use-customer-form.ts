/**
 * The state of the customer form (customer-form.tsx): the values with their rules and the server's
 * messages, the shop's position from the device, the pickers' options, and saving (a new customer on
 * the device with its outbox op, an edit by PUT).
 */
import { useEffect, useRef, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { CUSTOMER_KINDS } from '@contract/customers';
import { ApiError } from '@/api/api-error';
import { useSyncStatus } from '@/sync/sync-status';
import { useRuleForm, validateRuleInputs } from '@/ui/rule-form';
import type { RuleInputHandle } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { useCompanyStaff, useCustomerGroupsAndLevels } from '../api/customer-queries';
import { useCustomerWrites } from '../api/customer-writes';
import { createCustomerOnDevice } from '../model/create-customer';
import { checkCustomerInput, CUSTOMER_FORM_RULES, formToInput, sameCustomerForm, type CustomerFormValues } from '../model/customer-form';
import type { CustomerFormProps } from './customer-form';

export const SAVED_ONLINE = 'Đã lưu khách hàng';
export const SAVED_QUEUED = 'Đã lưu khách hàng (chờ đồng bộ)';
export const EDIT_NEEDS_CONNECTION = 'Cần kết nối mạng để sửa thông tin khách hàng. Vui lòng thử lại khi có mạng.';

function positionError(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return 'Bạn chưa cho phép ứng dụng truy cập vị trí.';
  if (error.code === error.TIMEOUT) return 'Hết thời gian chờ lấy vị trí. Vui lòng thử lại.';
  return 'Không xác định được vị trí hiện tại.';
}

/** "Lấy vị trí hiện tại": the device's position, rounded to about 10 cm, into the form. */
function useLocate(setValues: Dispatch<SetStateAction<CustomerFormValues>>) {
  const [locating, setLocating] = useState(false);
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
  return { locating, locate };
}

/** The staff picker's rows; the member already chosen stays offered even when the list does not hold them. */
function staffOptionsOf(staff: ReturnType<typeof useCompanyStaff>['data'], values: CustomerFormValues, who: CustomerFormProps['who']) {
  const staffOptions = (staff ?? []).map((member) => ({ value: String(member.id), label: member.name }));
  if (values.staff_id && !staffOptions.some((option) => option.value === values.staff_id)) {
    staffOptions.push({
      value: values.staff_id,
      label: values.staff_id === String(who.accountId) ? who.accountName : `Nhân viên #${values.staff_id}`,
    });
  }
  return staffOptions;
}

export function useCustomerForm({ db, who, initial, editId, blockedReason, onDirtyChange, onSaved }: CustomerFormProps) {
  const form = useRuleForm(initial, CUSTOMER_FORM_RULES);
  const { values, setValues, setServerErrors } = form;
  const [saving, setSaving] = useState(false);
  const { locating, locate } = useLocate(setValues);
  const nameRef = useRef<RuleInputHandle>(null);
  const codeRef = useRef<RuleInputHandle>(null);
  const phoneRef = useRef<RuleInputHandle>(null);
  const taxCodeRef = useRef<RuleInputHandle>(null);
  const ownerRef = useRef<RuleInputHandle>(null);
  const { types, levels } = useCustomerGroupsAndLevels(db, who.companyId);
  const staff = useCompanyStaff(db, who.companyId);
  const writes = useCustomerWrites(db, who.companyId);
  const online = useSyncStatus((sync) => sync.online);
  const dirty = !sameCustomerForm(values, initial);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || blockedReason) return;
    if (!validateRuleInputs([nameRef, codeRef, phoneRef, ownerRef, taxCodeRef].map((ref) => ref.current))) return;
    const problems = checkCustomerInput(values, !editId);
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

  return {
    ...form,
    saving,
    locating,
    locate,
    nameRef,
    codeRef,
    phoneRef,
    taxCodeRef,
    ownerRef,
    types,
    levels,
    kinds,
    staffOptions: staffOptionsOf(staff.data, values, who),
    submit,
  };
}

export type CustomerFormState = ReturnType<typeof useCustomerForm>;
