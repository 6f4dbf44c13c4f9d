/**
 * The employee form's values as a person edits them (strings for inputs, ids as strings for the
 * selects), the rules each text field runs on blur (product-spec.md §5), and the payloads: a create sends the
 * filled fields; an update sends only what changed, so an untouched name or email is not a change
 * of the account's identity (which a company may make only for accounts it manages).
 */
import { isValidPhone, PHONE_INVALID } from '@contract/phone';
import { passwordProblem } from '@contract/auth-password';
import {
  EMPLOYEE_CODE_INVALID,
  type EmployeeCreateInput,
  type EmployeeRecord,
  type EmployeeUpdateInput,
  type StaffKind,
} from '@contract/employees';
import { email, maxLength, required, type Rule } from '@/ui/input-rules';

export type EmployeeFormValues = {
  phone: string;
  full_name: string;
  email: string;
  /** Only when creating: the initial password of an account made for a new phone. */
  password: string;
  code: string;
  staff_kind: StaffKind;
  role: string;
  region: string;
  manager: string;
  /** YYYY-MM-DD or ''. */
  start_date: string;
};

const CODE = /^[\p{L}\p{N}._/-]+$/u;

const phoneRule: Rule = (value) => (value.trim() === '' || isValidPhone(value) ? true : PHONE_INVALID);
const codeRule: Rule = (value) => (value.trim() === '' || CODE.test(value.trim()) ? true : EMPLOYEE_CODE_INVALID);
const passwordRule: Rule = (value) => (value === '' ? true : (passwordProblem(value) ?? true));

export const EMPLOYEE_FORM_RULES = {
  phone: [required('Vui lòng nhập số điện thoại'), phoneRule],
  full_name: [required('Vui lòng nhập họ và tên.'), maxLength(120, 'Họ và tên không được dài quá 120 ký tự')],
  email: [email('Email không hợp lệ'), maxLength(255)],
  password: [passwordRule],
  code: [maxLength(40, 'Mã nhân viên không được dài quá 40 ký tự'), codeRule],
} satisfies Record<string, Rule[]>;

export function emptyEmployeeForm(kind: StaffKind, defaults: { region?: number | null; role?: number | null } = {}): EmployeeFormValues {
  return {
    phone: '',
    full_name: '',
    email: '',
    password: '',
    code: '',
    staff_kind: kind,
    role: defaults.role ? String(defaults.role) : '',
    region: defaults.region ? String(defaults.region) : '',
    manager: '',
    start_date: '',
  };
}

export function recordToForm(record: EmployeeRecord): EmployeeFormValues {
  return {
    phone: record.phone,
    full_name: record.full_name,
    email: record.email ?? '',
    password: '',
    code: record.code ?? '',
    staff_kind: record.staff_kind,
    role: record.role ? String(record.role.id) : '',
    region: record.region ? String(record.region.id) : '',
    manager: record.manager ? String(record.manager.id) : '',
    start_date: record.start_date ?? '',
  };
}

const idOrNull = (value: string) => (value ? Number(value) : null);
const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toCreateInput(companyId: number, values: EmployeeFormValues): EmployeeCreateInput {
  return {
    company: companyId,
    phone: values.phone.trim(),
    full_name: textOrNull(values.full_name),
    email: textOrNull(values.email),
    ...(values.password ? { password: values.password } : {}),
    staff_kind: values.staff_kind,
    code: textOrNull(values.code),
    role: idOrNull(values.role),
    region: idOrNull(values.region),
    manager: idOrNull(values.manager),
    start_date: textOrNull(values.start_date),
  };
}

/** Only the fields that differ from the record; null clears a field. */
export function toUpdateInput(companyId: number, record: EmployeeRecord, values: EmployeeFormValues): EmployeeUpdateInput {
  const before = recordToForm(record);
  const input: EmployeeUpdateInput = { company: companyId };
  if (values.full_name.trim() !== before.full_name) input.full_name = values.full_name.trim();
  if (values.email.trim() !== before.email) input.email = textOrNull(values.email);
  if (values.code.trim() !== before.code) input.code = textOrNull(values.code);
  if (values.staff_kind !== before.staff_kind) input.staff_kind = values.staff_kind;
  if (values.role !== before.role) input.role = idOrNull(values.role);
  if (values.region !== before.region) input.region = idOrNull(values.region);
  if (values.manager !== before.manager) input.manager = idOrNull(values.manager);
  if (values.start_date !== before.start_date) input.start_date = textOrNull(values.start_date);
  return input;
}

/** True when an update would send nothing but the company. */
export function isEmptyUpdate(input: EmployeeUpdateInput): boolean {
  return Object.keys(input).length === 1;
}
