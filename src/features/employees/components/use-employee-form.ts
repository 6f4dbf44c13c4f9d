/**
 * The state of the employee form (employee-form-drawer.tsx): the values under the contract's rules,
 * the server's messages per field, and the save: the text fields' rules first (the caret to the
 * first bad one), then create or update; an edit that changes nothing just closes.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { EmployeeRecord } from '@contract/employees';
import { ApiError } from '@/api/api-error';
import { useRuleForm, validateRuleInputs } from '@/ui/rule-form';
import type { RuleInputHandle } from '@/ui/rule-text-input';
import { toast } from '@/ui/toast';
import { employeeWrites } from '../api/employee-api';
import { EMPLOYEE_FORM_RULES, isEmptyUpdate, toCreateInput, toUpdateInput, type EmployeeFormValues } from '../model/employee-form';

type Options = {
  companyId: number;
  record: EmployeeRecord | null;
  initial: EmployeeFormValues;
  onClose: () => void;
  onSaved: (record: EmployeeRecord) => void;
};

export function useEmployeeForm({ companyId, record, initial, onClose, onSaved }: Options) {
  const { values, serverErrors, setServerErrors, set, textProps } = useRuleForm(initial, EMPLOYEE_FORM_RULES);
  const [saving, setSaving] = useState(false);
  const phoneRef = useRef<RuleInputHandle>(null);
  const nameRef = useRef<RuleInputHandle>(null);
  const emailRef = useRef<RuleInputHandle>(null);
  const passwordRef = useRef<RuleInputHandle>(null);
  const codeRef = useRef<RuleInputHandle>(null);
  const editing = record !== null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const refs = editing ? [nameRef, emailRef, codeRef] : [phoneRef, nameRef, emailRef, passwordRef, codeRef];
    if (!validateRuleInputs(refs.map((ref) => ref.current))) return;
    setSaving(true);
    try {
      if (record) {
        const input = toUpdateInput(companyId, record, values);
        if (isEmptyUpdate(input)) {
          onClose();
          return;
        }
        const answer = await employeeWrites.update(record.id, input);
        if (answer.data.role_request_pending) toast.info(answer.message);
        else toast.success(answer.message);
        onSaved(answer.data);
      } else {
        const answer = await employeeWrites.create(toCreateInput(companyId, values));
        toast.success(answer.message);
        onSaved(answer.data);
      }
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(error.fields);
        toast.error(error.isNetwork ? 'Cần kết nối mạng để lưu nhân viên. Vui lòng thử lại khi có mạng.' : error.message);
      } else {
        toast.error('Không lưu được nhân viên. Vui lòng thử lại.');
      }
    } finally {
      setSaving(false);
    }
  }

  return {
    values,
    serverErrors,
    set,
    textProps,
    saving,
    editing,
    phoneRef,
    nameRef,
    emailRef,
    passwordRef,
    codeRef,
    submit,
  };
}
