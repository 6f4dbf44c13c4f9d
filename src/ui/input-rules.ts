// Validation rules for RuleTextInput and NumericInput (product-spec.md §5): rules run in order and the first one
// returning a string is the error shown.

/**
 * A rule returns an error message, or true/null/undefined when the value passes.
 *
 * The spec's input shows a red asterisk when a rule's *source text* contains "required". Minified
 * production code has no usable source text, so instead a rule declares itself required with the
 * `required: true` tag, which `required()` sets.
 */
export type Rule = ((value: string) => string | true | null | undefined) & { required?: true };

// Optional fields: every rule except required() lets an empty value pass, so that "must be an email"
// does not also mean "must be filled in".
const isEmpty = (value: string): boolean => value.trim() === '';

export function required(message = 'Bạn cần điền vào mục này'): Rule {
  return Object.assign((value: string) => (isEmpty(value) ? message : true), { required: true as const });
}

export function maxLength(n: number, message = `Tối đa ${n} ký tự`): Rule {
  return (value) => (value.length > n ? message : true);
}

/** Spec §5 numeric limit; NumericInput also checks it while the user types. */
export function maxValue(max: number, message = `Giá trị không được vượt quá ${max}`): Rule {
  return (value) => (!isEmpty(value) && Number(value) > max ? message : true);
}

// Vietnamese numbers as people write them: 0 or +84/84, then 9 digits (mobile) or 10 (landline 02x);
// spaces, dots and dashes between groups are ignored.
const PHONE = /^(?:0|\+?84)\d{9,10}$/;

export function phone(message = 'Số điện thoại không hợp lệ'): Rule {
  return (value) => (isEmpty(value) || PHONE.test(value.replace(/[\s.-]/g, '')) ? true : message);
}

// Deliberately loose: the server is the judge of deliverability; this only catches obvious typos.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function email(message = 'Email không hợp lệ'): Rule {
  return (value) => (isEmpty(value) || EMAIL.test(value.trim()) ? true : message);
}

/** For confirmations such as "Mật khẩu mới không giống nhau"; `getOther` reads the other field at check time. */
export function sameAs(getOther: () => string, message: string): Rule {
  return (value) => (isEmpty(value) || value === getOther() ? true : message);
}

/** The first error message, or null when every rule passes. */
export function validate(value: string, rules: readonly Rule[]): string | null {
  for (const rule of rules) {
    const result = rule(value);
    if (typeof result === 'string') return result;
  }
  return null;
}

export function isRequired(rules: readonly Rule[]): boolean {
  return rules.some((rule) => rule.required === true);
}
